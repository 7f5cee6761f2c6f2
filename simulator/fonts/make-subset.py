#!/usr/bin/env python3
"""Cuts the page's font, simulator/src/main/resources/org/shogiban/simulator/web/shogiban-ja.woff, out of Noto Sans
CJK JP (SIL Open Font License 1.1): only the glyphs the page can show (every character of the message tables, the
page's files and the kifu words), renamed "ShogiBan JA" as the OFL asks of a modified font. Run at development time,
after editing the message tables, from the repository root:

    apt-get install fonts-noto-cjk python3-fonttools
    python3 simulator/fonts/make-subset.py [path/to/NotoSansCJK-Regular.ttc]

The result and OFL.txt are committed; nothing is fetched when the board runs.
"""
import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

WEB = pathlib.Path("simulator/src/main/resources/org/shogiban/simulator/web")
SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
# what the board's log and console write besides the tables: kifu words (☗７六歩, ☖同銀, ▲, 打, 成, 不成, ...)
KIFU = ("☗☖▲△　０１２３４５６７８９一二三四五六七八九十玉王飛角金銀桂香歩龍竜馬全圭杏と成不打同上引寄直左右行"
        "手番先後下上持ち時間秒読み回数加算考慮平香落右角飛車二枚四六八十三五左七の勝負投了詰千日反則切れ入宣言まで")


def characters():
    chars = set(KIFU)
    for path in sorted(WEB.glob("messages_*.json")) + [WEB / "board.js", WEB / "index.html"]:
        chars.update(path.read_text(encoding="utf-8"))
    chars.update(chr(c) for c in range(0x20, 0x7F))
    return "".join(sorted(c for c in chars if c.isprintable()))


def main():
    font = TTCollection(SOURCE).fonts[0]          # index 0 is Noto Sans CJK JP
    options = subset.Options()
    options.flavor = "woff"
    options.name_IDs = []
    options.layout_features = ["*"]
    options.hinting = False
    sub = subset.Subsetter(options)
    sub.populate(text=characters())
    sub.subset(font)
    name = font["name"]
    name.names = []
    for name_id, value in {0: "Copyright 2014-2021 Adobe (http://www.adobe.com/). Subset for ShogiBan.",
                           1: "ShogiBan JA", 2: "Regular", 3: "ShogiBan JA subset of Noto Sans CJK JP",
                           4: "ShogiBan JA", 5: "Version 1.0", 6: "ShogiBanJA-Regular",
                           13: "SIL Open Font License 1.1 (see OFL.txt)",
                           14: "https://openfontlicense.org"}.items():
        name.setName(value, name_id, 3, 1, 0x409)
    font.flavor = "woff"
    out = WEB / "shogiban-ja.woff"
    font.save(str(out))
    print(f"{out}: {out.stat().st_size} bytes, {len(characters())} characters")


if __name__ == "__main__":
    main()
