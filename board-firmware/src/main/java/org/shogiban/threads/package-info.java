/**
 * What the board's own threads share: how a thread that goes on after a failure says it (once per kind, counted).
 */
package org.shogiban.threads;
