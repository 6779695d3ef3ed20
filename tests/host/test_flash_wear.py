"""Flash wear: a transaction appends one journal line and writes one small mark file (the
high-water mark, docs/storage.md); no other file is rewritten per transaction. Erases on real
LittleFS are measured in test_littlefs_store.py."""

import os

from host_sim import VirtualUnit

TRANSACTIONS = 400


def test_bytes_and_write_points_per_transaction(tmp_path) -> None:
    with VirtualUnit(flash_dir=str(tmp_path)) as unit:
        flash, store = unit.flash, unit.unit.store
        unit.insert(card=1, slot="red")
        unit.insert(card=2, slot="green")
        bytes_before, points_before, seq_before = (
            flash.bytes_written,
            flash.write_points,
            store.seq,
        )
        sizes = []
        for i in range(TRANSACTIONS):
            unit.type("10K" if i % 2 else "150K")
            if i % 50 == 49:  # turn about so the payer never runs dry
                unit.remove("red")
                unit.remove("green")
                unit.insert(card=1 + (i // 50) % 2, slot="red")
                unit.insert(card=2 - (i // 50) % 2, slot="green")
            sizes.append(sum(os.path.getsize(tmp_path / name) for name in os.listdir(tmp_path)))
        done = store.seq - seq_before
        assert done == TRANSACTIONS
        per_transaction = (flash.bytes_written - bytes_before) / done
        points = (flash.write_points - points_before) / done
        print("\n%.1f bytes and %.2f write points per transaction" % (per_transaction, points))
        # One ~37-byte line, one 13-16-byte mark; snapshots add about 2 bytes each.
        assert per_transaction < 64
        assert points < 5.2  # line: write, flush, close; mark: write, close; compactions a few
        assert store.compactions == TRANSACTIONS // store.compact_every
        # The flash holds two generations at most: it does not grow with the game.
        assert max(sizes) < 2 * store.compact_every * 40 + 2000
