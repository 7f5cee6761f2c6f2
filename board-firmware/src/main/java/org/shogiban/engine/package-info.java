/**
 * A USI engine as a player: the child process and its protocol ({@link org.shogiban.engine.UsiEngine}), levels
 * ({@link org.shogiban.engine.EngineLevel}), and the player that feeds its moves into the board's inbox
 * ({@link org.shogiban.engine.EnginePlayer}). Threads and I/O live here, outside the pure session.
 */
package org.shogiban.engine;
