/** KIF, KIFU and KI2 (Kakinoki formats): readers, writers and the names of pieces, squares and numbers. */
package org.shogiban.notation.kif;
