/** The CSA standard file format (V2.2 and V3.0): reader and writer. */
package org.shogiban.notation.csa;
