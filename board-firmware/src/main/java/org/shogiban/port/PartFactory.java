package org.shogiban.port;

import java.util.Objects;

/**
 * Makes a part from its port: the one way any part is put on a board ({@code serve}, {@code play}, {@code web},
 * {@code hall-sim} alike, through {@code BoardAssembly.part}). The factory subscribes what the part needs while the
 * runtime does not run yet.
 */
public interface PartFactory {

    /**
     * A short name, used in logs and the snapshot's {@code faults} ({@code link}, {@code hall}, {@code engine},
     * {@code lishogi}); what {@link BoardPort#hasPart} asks about.
     */
    String name();

    /**
     * Makes the part on this port; it is started later ({@link Part#start()}).
     *
     * @throws Exception when the part cannot be made; the assembly then closes what it already built
     */
    Part create(BoardPort port) throws Exception;

    /** A factory under a name. */
    static PartFactory of(String name, Maker maker) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(maker, "maker");
        return new PartFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Part create(BoardPort port) throws Exception {
                return maker.create(port);
            }

            @Override
            public String toString() {
                return "part " + name;
            }
        };
    }

    /** What {@link #of} makes a part with. */
    @FunctionalInterface
    interface Maker {
        Part create(BoardPort port) throws Exception;
    }
}
