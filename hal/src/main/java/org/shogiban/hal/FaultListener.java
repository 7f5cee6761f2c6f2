package org.shogiban.hal;

/** Receives hardware fault events. Called on the thread that met the fault (often the scan thread); return quickly. */
@FunctionalInterface
public interface FaultListener {

    /** A fault began or ended. */
    void onFault(FaultEvent event);
}
