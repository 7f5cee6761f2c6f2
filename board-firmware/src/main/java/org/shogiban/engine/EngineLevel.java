package org.shogiban.engine;

/**
 * Levels 1 (weakest) to 10 (strongest) as engine settings: Fairy-Stockfish's {@code Skill Level} (-20..20) and a
 * think time. Levels 1 to 6 think a fixed time per move ({@code go movetime}); 7 to 10 play on the board's clock
 * ({@code go btime wtime byoyomi} or {@code binc winc}) when the game has one, else the fixed time.
 *
 * @param level 1..10
 * @param skill Fairy-Stockfish's {@code Skill Level}
 * @param moveMillis the fixed think time per move
 * @param onClock whether the engine plays on the board's clock when there is one
 */
public record EngineLevel(int level, int skill, long moveMillis, boolean onClock) {
    private static final int[] SKILL = {-20, -15, -10, -6, -2, 2, 7, 12, 16, 20};
    private static final long[] MOVE_MILLIS = {50, 100, 150, 200, 300, 500, 1000, 2000, 3000, 5000};

    /** The level's settings. */
    public static EngineLevel of(int level) {
        if (level < 1 || level > 10) {
            throw new IllegalArgumentException("level " + level + " is not 1..10");
        }
        return new EngineLevel(level, SKILL[level - 1], MOVE_MILLIS[level - 1], level >= 7);
    }
}
