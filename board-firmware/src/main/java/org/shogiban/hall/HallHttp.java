package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The hall server's way of answering: JSON errors with a sentence, bodies with their type, strict JSON requests. */
final class HallHttp {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final int MAX_BODY = 64 * 1024;

    private HallHttp() {
    }

    /** Whether a request's Content-Type is JSON exactly ({@code application/json}, at most a UTF-8 charset). */
    static boolean isJson(String type) {
        if (type == null) {
            return false;
        }
        String[] parts = type.toLowerCase(Locale.ROOT).split(";");
        if (!parts[0].strip().equals("application/json")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip().replace("\"", "");
            if (!p.equals("charset=utf-8")) {
                return false;
            }
        }
        return true;
    }

    /** The request's JSON object, or null after answering 415, 413 or 400. */
    static JsonNode body(HttpExchange x) throws IOException {
        if (!isJson(x.getRequestHeaders().getFirst("Content-Type"))) {
            error(x, 415, "send application/json");
            return null;
        }
        byte[] bytes = x.getRequestBody().readNBytes(MAX_BODY + 1);
        if (bytes.length > MAX_BODY) {
            error(x, 413, "the body is over 64 KiB");
            return null;
        }
        try {
            JsonNode n = JSON.readTree(bytes);
            if (n != null && n.isObject()) {
                return n;
            }
        } catch (IOException e) {
            // answered below
        }
        error(x, 400, "the body is not a JSON object");
        return null;
    }

    static void error(HttpExchange x, int status, String message) throws IOException {
        sendJson(x, status, JSON.createObjectNode().put("error", message));
    }

    static void sendJson(HttpExchange x, int status, JsonNode body) throws IOException {
        send(x, status, "application/json; charset=UTF-8", body.toString().getBytes(StandardCharsets.UTF_8));
    }

    static void send(HttpExchange x, int status, String type, byte[] bytes) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        if (bytes == null) {
            x.sendResponseHeaders(status, -1);
            return;
        }
        x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (x.getRequestMethod().equals("HEAD")) {
            return;
        }
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }
}
