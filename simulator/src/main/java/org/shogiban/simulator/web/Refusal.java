package org.shogiban.simulator.web;

/** A request refused with an HTTP status and a message; the server answers it as {@code {"error": message}}. */
final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;

    Refusal(int status, String message) {
        super(message);
        this.status = status;
    }
}
