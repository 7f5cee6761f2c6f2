/** USI position lines and SFEN as records: reader and writers. */
package org.shogiban.notation.usi;
