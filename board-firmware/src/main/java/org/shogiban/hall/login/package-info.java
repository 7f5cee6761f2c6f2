/** The arbiters' login to the hall server: accounts with Argon2id hashes, sessions, CSRF tokens, lockout. */
package org.shogiban.hall.login;
