package org.shogiban.rules;

/**
 * The rule under which an impasse (入玉, both kings in the enemy camp) is settled by declaration: the JSA amateur
 * 27-point rule, or the 24-point rule of professional play.
 */
public enum ImpasseRule {
    /** Win with 28 points as sente or 27 as gote; otherwise the declarer loses. */
    POINTS_27,
    /** Win with 31 points or more, draw with 24 to 30, loss below 24. */
    POINTS_24
}
