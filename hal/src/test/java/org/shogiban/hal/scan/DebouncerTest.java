package org.shogiban.hal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DebouncerTest {

    @Test
    void aValueMustHoldForTheWholeStableTime() {
        Debouncer d = new Debouncer(1, 40);
        assertThat(d.offer(0, 1, 0)).isFalse();
        assertThat(d.offer(0, 1, 39)).isFalse();
        assertThat(d.stable(0)).isEqualTo(Debouncer.NONE);
        assertThat(d.offer(0, 1, 40)).isTrue();
        assertThat(d.stable(0)).isEqualTo(1);
        assertThat(d.stableSince(0)).isEqualTo(0);
        assertThat(d.allSettled()).isTrue();
        assertThat(d.offer(0, 1, 100)).isFalse();
    }

    @Test
    void aBounceBackToTheStableValueCancelsThePendingChange() {
        Debouncer d = new Debouncer(1, 40);
        d.offer(0, 0, 0);
        d.offer(0, 0, 40);
        d.offer(0, 2, 50);
        d.offer(0, 0, 60);
        assertThat(d.offer(0, 2, 90)).isFalse();
        assertThat(d.offer(0, 2, 129)).isFalse();
        assertThat(d.offer(0, 2, 130)).isTrue();
        assertThat(d.stableSince(0)).isEqualTo(90);
    }

    @Test
    void channelsAreIndependent() {
        Debouncer d = new Debouncer(2, 10);
        d.offer(0, 1, 0);
        d.offer(1, 1, 5);
        assertThat(d.offer(0, 1, 10)).isTrue();
        assertThat(d.offer(1, 1, 10)).isFalse();
        assertThat(d.allSettled()).isFalse();
        assertThat(d.offer(1, 1, 15)).isTrue();
        assertThat(d.allSettled()).isTrue();
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> new Debouncer(0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Debouncer(3, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
