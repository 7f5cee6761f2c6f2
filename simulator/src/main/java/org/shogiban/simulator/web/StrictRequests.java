package org.shogiban.simulator.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Strict reading of the page's requests, apart from the routing so that every check a request passes is in one place:
 * the method, the Origin, the body's type, size and keys, and the fields' types.
 */
final class StrictRequests {
    private StrictRequests() {
    }

    /**
     * Whether an Origin is the page's own: exactly {@code http://} and the host the request was sent to (the page is
     * served over plain HTTP, so an {@code https} origin is another page; {@code null}, the origin of sandboxed
     * frames and local files, too).
     */
    static boolean isThisPage(String origin, String host) {
        return host != null && origin.equalsIgnoreCase("http://" + host.strip());
    }

    /**
     * Whether a Content-Type is exactly JSON: the media type {@code application/json} (not {@code application/jsonp},
     * not {@code application/json-seq}), with no parameter but {@code charset=utf-8}.
     */
    static boolean isJson(String type) {
        if (type == null) {
            return false;
        }
        String[] parts = type.split(";", -1);
        if (!parts[0].strip().equalsIgnoreCase("application/json")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip().toLowerCase(Locale.ROOT).replace("\"", "");
            if (!p.equals("charset=utf-8")) {
                return false;
            }
        }
        return true;
    }

    /**
     * The request's body: one JSON object whose keys are among {@code keys} ({@code {}} when the request takes
     * none). An empty body, trailing data after the object, a key given twice or an unknown key is refused (400),
     * so that a request never does what its sender did not write.
     */
    static JsonNode body(HttpExchange ex, ObjectMapper json, String... keys) throws IOException {
        requireMethod(ex.getRequestMethod(), "POST");
        String origin = ex.getRequestHeaders().getFirst("Origin");
        String host = ex.getRequestHeaders().getFirst("Host");
        if (origin != null && !isThisPage(origin, host)) {
            throw new Refusal(403, "requests from " + origin + " are not taken");
        }
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        if (!isJson(type)) {
            throw new Refusal(415, "the body must be application/json (charset utf-8 if any), not " + type);
        }
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.strip()) > WebServer.MAX_BODY) {
                    throw new Refusal(413, "the body is over " + WebServer.MAX_BODY + " bytes");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Content-Length '" + length + "' is not a number");
            }
        }
        byte[] bytes;
        try (InputStream in = ex.getRequestBody()) {
            bytes = in.readNBytes(WebServer.MAX_BODY + 1);
        }
        if (bytes.length > WebServer.MAX_BODY) {
            throw new Refusal(413, "the body is over " + WebServer.MAX_BODY + " bytes");
        }
        JsonNode node;
        try {
            if (bytes.length == 0) {
                throw new IllegalArgumentException("the body is empty: send a JSON object ({} when there is nothing"
                        + " to say)");
            }
            node = json.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the body is not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("the body must be a JSON object");
        }
        List<String> known = List.of(keys);
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new IllegalArgumentException("'" + name + "' is not understood here" + (known.isEmpty()
                        ? "; this request takes {}" : "; the keys are " + String.join(", ", known)));
            }
        }
        return node;
    }

    static void requireMethod(String method, String allowed) {
        if (!method.equals(allowed)) {
            throw new Refusal(405, method + " is not allowed here; use " + allowed);
        }
    }

    static String text(JsonNode b, String key) {
        JsonNode v = b.get(key);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("'" + key + "' is missing or not a string");
        }
        return v.asText();
    }

    static String optional(JsonNode b, String key) {
        JsonNode v = b.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("'" + key + "' must be a string");
        }
        return v.asText();
    }

    static boolean flag(JsonNode b, String key, boolean otherwise) {
        JsonNode v = b.get(key);
        if (v == null || v.isNull()) {
            return otherwise;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException("'" + key + "' must be true or false, not " + v);
        }
        return v.booleanValue();
    }

    static Integer index(JsonNode v) {
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new IllegalArgumentException("'held' must be a whole number, not " + v);
        }
        return v.asInt();
    }

    static Optional<String> query(HttpExchange ex, String key) {
        String q = ex.getRequestURI().getRawQuery();
        if (q == null) {
            return Optional.empty();
        }
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(key)) {
                return Optional.of(java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }
}
