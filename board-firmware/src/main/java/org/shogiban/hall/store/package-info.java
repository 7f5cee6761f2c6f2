/** The hall server's state on disk (SQLite): boards, calls, rounds, games, the arbiters' actions and accounts. */
package org.shogiban.hall.store;
