package org.shogiban.hall;

import java.util.Locale;
import java.util.Optional;
import org.eclipse.paho.mqttv5.client.IMqttToken;

/**
 * A publish the broker refused (MQTT 5: its acknowledgement carries a reason code of 0x80 or more, e.g. 0x87 "not
 * authorized" from Mosquitto's ACL), in words for the board's fault and the log. Codes below 0x80 are successes
 * (0x10 "no matching subscribers" is the usual one for a publish nobody reads yet).
 *
 * @param code the reason code
 */
public record Refusal(int code) {
    /** The refusal of a completed publish's token, if the broker refused it. */
    public static Optional<Refusal> of(IMqttToken token) {
        int[] codes = token.getReasonCodes();
        if (codes == null) {
            return Optional.empty();
        }
        for (int c : codes) {
            if (c >= 0x80) {
                return Optional.of(new Refusal(c));
            }
        }
        return Optional.empty();
    }

    /** {@code not authorized (0x87)}. */
    public String words() {
        String name = switch (code) {
            case 0x80 -> "unspecified error";
            case 0x83 -> "implementation specific error";
            case 0x87 -> "not authorized";
            case 0x90 -> "topic name invalid";
            case 0x91 -> "packet identifier in use";
            case 0x97 -> "quota exceeded";
            case 0x99 -> "payload format invalid";
            default -> "refused";
        };
        return name + " (0x" + Integer.toHexString(code).toUpperCase(Locale.ROOT) + ")";
    }
}
