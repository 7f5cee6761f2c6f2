package org.shogiban.hal.config;

/**
 * A board configuration value that cannot be used. Stops start-up; the message names the file, the key, the value
 * found and what is allowed.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String key;
    private final String value;
    private final String allowed;

    public ConfigException(String source, String key, String value, String allowed) {
        super(source + ": key '" + key + "' has value '" + value + "'; allowed: " + allowed);
        this.key = key;
        this.value = value;
        this.allowed = allowed;
    }

    /** The key at fault. */
    public String key() {
        return key;
    }

    /** The value found ({@code ""} when the key is missing). */
    public String value() {
        return value;
    }

    /** What the key allows. */
    public String allowed() {
        return allowed;
    }
}
