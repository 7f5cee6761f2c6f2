package org.shogiban.hal.scan;

import java.util.Arrays;

/**
 * Debounces a fixed number of integer channels (one per square or komadai slot), each on its own.
 *
 * <p>A channel's stable value changes only when the same new value was sampled continuously for at least the stable
 * time: from the first sample showing it to a sample at least {@code stableMillis} later, with no other value in
 * between. A bounce back to the stable value cancels the pending change. Before its first change a channel's stable
 * value is {@link #NONE}. The time of a change is the time of the first sample that showed the new value, so
 * debouncing does not delay recorded times. Allocation-free; not thread-safe (one scan thread).
 */
public final class Debouncer {
    /** The stable value of a channel that has not settled yet. Never a valid sample. */
    public static final int NONE = Integer.MIN_VALUE;

    private final long stableMillis;
    private final int[] stable;
    private final long[] stableSince;
    private final int[] candidate;
    private final long[] candidateSince;
    private int unsettled;

    /**
     * @param channels how many channels
     * @param stableMillis how long a new value must hold, 0 or more (0 accepts every sample at once)
     */
    public Debouncer(int channels, long stableMillis) {
        if (channels <= 0) {
            throw new IllegalArgumentException("a debouncer needs channels, got " + channels);
        }
        if (stableMillis < 0) {
            throw new IllegalArgumentException("stable time must not be negative, got " + stableMillis);
        }
        this.stableMillis = stableMillis;
        stable = new int[channels];
        stableSince = new long[channels];
        candidate = new int[channels];
        candidateSince = new long[channels];
        Arrays.fill(stable, NONE);
        Arrays.fill(candidate, NONE);
        unsettled = channels;
    }

    /**
     * Feeds one sample of one channel.
     *
     * @param value the sample; must not be {@link #NONE}
     * @param nowMillis the sample's time, never earlier than the previous sample's
     * @return whether the channel's stable value changed with this sample
     */
    public boolean offer(int channel, int value, long nowMillis) {
        if (value == stable[channel]) {
            candidate[channel] = value;
            return false;
        }
        if (value != candidate[channel]) {
            candidate[channel] = value;
            candidateSince[channel] = nowMillis;
        }
        if (nowMillis - candidateSince[channel] < stableMillis) {
            return false;
        }
        if (stable[channel] == NONE) {
            unsettled--;
        }
        stable[channel] = value;
        stableSince[channel] = candidateSince[channel];
        return true;
    }

    /** The stable value of a channel, or {@link #NONE}. */
    public int stable(int channel) {
        return stable[channel];
    }

    /** When the stable value of a channel was first sampled. */
    public long stableSince(int channel) {
        return stableSince[channel];
    }

    /** Whether every channel has a stable value. */
    public boolean allSettled() {
        return unsettled == 0;
    }

    /**
     * Whether every channel's last sample is its stable value: no new value is being timed, so nothing will become
     * stable without a new sample.
     */
    public boolean still() {
        for (int c = 0; c < stable.length; c++) {
            if (candidate[c] != stable[c]) {
                return false;
            }
        }
        return unsettled == 0;
    }

    /** The number of channels. */
    public int channels() {
        return stable.length;
    }

    /** The stable time in milliseconds. */
    public long stableMillis() {
        return stableMillis;
    }
}
