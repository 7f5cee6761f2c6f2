#!/bin/sh
# Run as root before the ShogiBan service starts (ExecStartPre=+ in shogiban.service): exports the buzzer's hardware
# PWM channel and hands it to the service user. Exporting a channel needs root on a Pi 5 (the RP1's sysfs files are
# root's; rppal#154), and the service runs unprivileged. Does nothing for a board without a PWM buzzer. Never fails
# the start: a buzzer that cannot be reached is reported by the service itself as a fault.
#
# Usage: sh pwm-access.sh [BOARD_PROPERTIES]
# For tests: SHOGIBAN_SYSFS (default /sys), SHOGIBAN_MODEL_FILE (default /proc/device-tree/model), SHOGIBAN_OWNER
# (default shogiban:shogiban) and SHOGIBAN_WAIT_TENTHS (default 20) replace the real places.
set -u

config=${1:-/etc/shogiban/board.properties}
sysfs=${SHOGIBAN_SYSFS:-/sys}
model_file=${SHOGIBAN_MODEL_FILE:-/proc/device-tree/model}
owner=${SHOGIBAN_OWNER:-shogiban:shogiban}
wait_tenths=${SHOGIBAN_WAIT_TENTHS:-20}

say() {
    echo "pwm-access: $*" >&2
}

# the last value of a key (KEY=VALUE or KEY: VALUE lines, as board.properties writes them)
value() {
    sed -n "s/^[[:space:]]*$1[[:space:]]*[=:][[:space:]]*\\([^[:space:]]*\\).*/\\1/p" "$config" 2>/dev/null | tail -n 1
}

[ -r "$config" ] || { say "$config is not readable; nothing to do"; exit 0; }
[ "$(value 'buzzer\.driver')" = pwm ] || exit 0
gpio=$(value 'buzzer\.gpio')
gpio=${gpio:-18}
channel=$(value 'buzzer\.pwm-channel')
model=$(tr -d '\000' < "$model_file" 2>/dev/null)

case "$model" in
    "Raspberry Pi 5"* | "Raspberry Pi 500"* | "Raspberry Pi Compute Module 5"*) rp1=yes ;;
    *) rp1=no ;;
esac

# the same derivation as the service's (BuzzerConfig.Pwm.channelOn)
if [ -z "$channel" ]; then
    case "$rp1:$gpio" in
        *:12) channel=0 ;;
        *:13) channel=1 ;;
        yes:18) channel=2 ;;
        yes:19) channel=3 ;;
        no:18) channel=0 ;;
        no:19) channel=1 ;;
        *) say "buzzer.gpio=$gpio has no hardware PWM"; exit 0 ;;
    esac
fi

# the chip Pi4J uses: on an RP1 the one at 1f00098000.pwm, elsewhere pwmchip0
chip=
if [ "$rp1" = yes ]; then
    for c in "$sysfs"/class/pwm/pwmchip*; do
        case "$(readlink -f "$c")" in
            *1f00098000.pwm*) chip=$c ;;
        esac
    done
else
    chip=$sysfs/class/pwm/pwmchip0
fi
if [ -z "$chip" ] || [ ! -d "$chip" ]; then
    say "no PWM chip for the buzzer (is dtoverlay=pwm, pwm-2chan or pwm-pio in /boot/firmware/config.txt?)"
    exit 0
fi

if [ ! -d "$chip/pwm$channel" ]; then
    echo "$channel" > "$chip/export" 2>/dev/null || { say "cannot export channel $channel of $chip"; exit 0; }
fi
# udev creates the channel's files right after the export
n=0
while [ ! -e "$chip/pwm$channel/enable" ] && [ "$n" -lt "$wait_tenths" ]; do
    sleep 0.1
    n=$((n + 1))
done
for f in "$chip/pwm$channel" "$chip/pwm$channel/period" "$chip/pwm$channel/duty_cycle" \
         "$chip/pwm$channel/enable" "$chip/pwm$channel/polarity" "$chip/export" "$chip/unexport"; do
    if [ -e "$f" ]; then
        chown "$owner" "$f" && chmod ug+rw "$f" || say "cannot hand $f to $owner"
    fi
done
say "channel $channel of $chip (GPIO $gpio) belongs to $owner"
exit 0
