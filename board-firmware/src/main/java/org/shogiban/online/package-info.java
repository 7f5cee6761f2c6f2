/**
 * Online play on lishogi.org through its Board API: the account's token ({@link org.shogiban.online.Token}), the
 * site's HTTP and NDJSON streams ({@link org.shogiban.online.LishogiClient}), and the player that follows the
 * account's games and plays them on the wooden board ({@link org.shogiban.online.LishogiPlayer}).
 */
package org.shogiban.online;
