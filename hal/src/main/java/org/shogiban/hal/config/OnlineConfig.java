package org.shogiban.hal.config;

import java.util.Objects;
import java.util.Optional;

/**
 * The lishogi account the board plays online with ({@code lishogi.token-file}, {@code lishogi.url}): the file that
 * holds the account's personal API token (read by the board when it starts, never here) and the site's address.
 *
 * @param tokenFile the token file, or empty: no online play
 * @param url the site, {@code https://lishogi.org} when left out
 */
public record OnlineConfig(Optional<String> tokenFile, String url) {
    /** The site when {@code lishogi.url} is left out. */
    public static final String DEFAULT_URL = "https://lishogi.org";
    /** No online play. */
    public static final OnlineConfig NONE = new OnlineConfig(Optional.empty(), DEFAULT_URL);

    public OnlineConfig {
        Objects.requireNonNull(tokenFile, "tokenFile");
        Objects.requireNonNull(url, "url");
    }
}
