package org.shogiban.port;

/**
 * What a part holds while it is told something (changes, numbered events): the part closes it when it no longer wants
 * to be told (WPILib's pattern: the subscriber owns the subscription). Closing twice is harmless; after
 * {@link #close()} returns the listener is called no more.
 */
@FunctionalInterface
public interface Subscription extends AutoCloseable {
    /** Stops the delivery. Any thread. */
    @Override
    void close();
}
