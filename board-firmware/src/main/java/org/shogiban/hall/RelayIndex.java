package org.shogiban.hall;

/** The relay's index page: every board's game with links to its files. */
final class RelayIndex {
    private RelayIndex() {
    }

    static String html(Hall hall) {
        StringBuilder s = new StringBuilder("<!doctype html><html lang=\"ja\"><head><meta charset=\"utf-8\">"
                + "<title>ShogiBan relay</title></head><body><h1>中継 / Live relay</h1><table>"
                + "<tr><th>盤 / board</th><th>先手 / sente</th><th>後手 / gote</th><th>files</th></tr>");
        var view = hall.view();
        for (var b : view.path("boards")) {
            if (b.path("state").isMissingNode() || b.path("state").isNull()) {
                continue;
            }
            String id = b.path("id").asText();
            s.append("<tr data-relay=\"").append(id).append("\"><td>").append(id).append("</td><td>")
                    .append(escape(b.path("sente").asText(""))).append("</td><td>")
                    .append(escape(b.path("gote").asText(""))).append("</td><td>");
            for (String ext : new String[] {"kif", "kifu", "csa", "jkf"}) {
                s.append("<a href=\"").append(id).append('.').append(ext).append("\">").append(ext).append("</a> ");
            }
            s.append("</td></tr>");
        }
        return s.append("</table></body></html>").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
