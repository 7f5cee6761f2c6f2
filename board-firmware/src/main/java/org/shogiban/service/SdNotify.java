package org.shogiban.service;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ServiceNotifier} through libsystemd's {@code sd_notify(3)}, called with JNA (no shell, no extra process).
 * Does nothing when {@code NOTIFY_SOCKET} is unset, i.e. when systemd did not start the process with
 * {@code Type=notify}; then libsystemd is not even loaded. If libsystemd cannot be loaded, or a notification fails,
 * that is logged once and the service goes on without notifications.
 */
public final class SdNotify implements ServiceNotifier {
    private static final Logger log = LoggerFactory.getLogger(SdNotify.class);

    /** The part of libsystemd the service uses. */
    interface LibSystemd extends Library {
        /** Sends {@code state} to {@code $NOTIFY_SOCKET}; &gt; 0 sent, 0 no socket, &lt; 0 a negative errno. */
        int sd_notify(int unsetEnvironment, String state);
    }

    private final LibSystemd lib;
    private volatile boolean failureLogged;

    private SdNotify(LibSystemd lib) {
        this.lib = lib;
    }

    /**
     * The notifier this process should use: sd_notify when {@code NOTIFY_SOCKET} is set in {@code environment} and
     * libsystemd loads, {@link ServiceNotifier#NONE} otherwise.
     */
    public static ServiceNotifier fromEnvironment(Map<String, String> environment) {
        String socket = environment.get("NOTIFY_SOCKET");
        if (socket == null || socket.isEmpty()) {
            return NONE;
        }
        LibSystemd lib = load();
        if (lib == null) {
            return NONE;
        }
        log.info("telling systemd how the board is doing through {}", socket);
        return new SdNotify(lib);
    }

    private static LibSystemd load() {
        // Debian installs libsystemd.so.0 only; libsystemd.so comes with the -dev package
        for (String name : new String[] {"systemd", "libsystemd.so.0"}) {
            try {
                return Native.load(name, LibSystemd.class);
            } catch (LinkageError e) {
                log.debug("libsystemd as '{}' did not load: {}", name, e.toString());
            }
        }
        log.warn("NOTIFY_SOCKET is set but libsystemd cannot be loaded; systemd will not hear READY, STATUS or"
                + " WATCHDOG from the board");
        return null;
    }

    @Override
    public void notify(String state) {
        int result;
        try {
            result = lib.sd_notify(0, state);
        } catch (RuntimeException | LinkageError e) {
            logOnce("sd_notify failed: " + e);
            return;
        }
        if (result < 0) {
            logOnce("sd_notify failed with errno " + -result);
        }
    }

    private void logOnce(String message) {
        if (!failureLogged) {
            failureLogged = true;
            log.warn("{}; further failures are not logged", message);
        }
    }
}
