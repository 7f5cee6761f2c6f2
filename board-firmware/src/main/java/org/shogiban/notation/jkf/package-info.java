/** JKF, the JSON kifu format of json-kifu-format (Kifu for JS): reader and writer. */
package org.shogiban.notation.jkf;
