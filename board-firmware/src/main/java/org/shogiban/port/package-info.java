/**
 * The narrow port every part of the board (the USB link, the hall connection, the engine opponent, the online site)
 * is attached through: a {@link org.shogiban.port.PartFactory} makes the {@link org.shogiban.port.Part} from a
 * {@link org.shogiban.port.BoardPort}, which offers the board's typed facts and changes (subscriptions the part
 * closes), its numbered events, the inbox for the part's inputs and a place to say the part's health. The assembly
 * ({@code org.shogiban.app.BoardAssembly}) implements the port; a part never sees the runtime behind it.
 */
package org.shogiban.port;
