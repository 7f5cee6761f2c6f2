package org.shogiban.online;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.shogiban.port.PartFactory;
import org.shogiban.session.OnlineSeat;

/**
 * Where the board plays online: the site ({@code --lishogi URL}, {@code lishogi.url}; lishogi.org when left out) and
 * the account's token, read from its file ({@code --lishogi-token-file FILE}, {@code lishogi.token-file}) and never
 * from the command line.
 *
 * @param site the site's address
 * @param token the token read from its file
 */
public record LishogiSettings(URI site, Token token) {

    /**
     * The settings a command line or {@code board.properties} gives; empty without a token file.
     *
     * @throws IllegalArgumentException in words: a bad address, a token file missing, readable by others or empty
     */
    public static Optional<LishogiSettings> of(Optional<String> tokenFile, Optional<String> url) {
        if (tokenFile.isEmpty()) {
            if (url.isPresent()) {
                throw new IllegalArgumentException("--lishogi " + url.get() + " needs the account's token: "
                        + "--lishogi-token-file FILE");
            }
            return Optional.empty();
        }
        String address = url.orElse(OnlineSeat.DEFAULT_URL).strip();
        URI site;
        try {
            site = URI.create(address);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--lishogi " + address + " is not an address (https://lishogi.org)");
        }
        if (site.getHost() == null || !("https".equals(site.getScheme()) || "http".equals(site.getScheme()))) {
            throw new IllegalArgumentException("--lishogi " + address + " is not an address (https://lishogi.org)");
        }
        return Optional.of(new LishogiSettings(site, Token.read(Path.of(tokenFile.get()))));
    }

    /** The part that plays the account's games on the board. */
    public PartFactory part() {
        return LishogiPart.factory(site, token, LishogiPlayer.Timing.SITE);
    }

    @Override
    public String toString() {
        return "lishogi at " + site;
    }
}
