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
        # Older generations stay for the history, within the store's bound: the flash holds
        # the newest two and at most history_bound() bytes more, however long the game.
        assert max(sizes) < 2 * store.compact_every * 40 + 2000 + store.history_bound()


def test_the_history_bound_keeps_the_flash_from_growing(tmp_path) -> None:
    """A long game with a small bound: the files stop growing, the oldest journals go, no
    transaction writes more than before (removing is done at compaction only)."""
    with VirtualUnit(flash_dir=str(tmp_path)) as unit:
        flash, store = unit.flash, unit.unit.store
        store.compact_every = 50
        store.history_bytes = 4000  # one older generation (50 lines and a snapshot), not two
        unit.insert(card=1, slot="red")
        unit.insert(card=2, slot="green")
        sizes = []
        points_before, seq_before = flash.write_points, store.seq
        for i in range(400):
            unit.type("10K" if i % 2 else "150K")
            if i % 50 == 49:
                unit.remove("red")
                unit.remove("green")
                unit.insert(card=1 + (i // 50) % 2, slot="red")
                unit.insert(card=2 - (i // 50) % 2, slot="green")
            sizes.append(sum(os.path.getsize(tmp_path / name) for name in os.listdir(tmp_path)))
        names = os.listdir(tmp_path)
        assert "log.0" not in names and "log.%d" % (store.generation - 2) in names
        assert store.history_removals >= 4
        assert max(sizes) < 2 * 50 * 40 + 2000 + 4000
        # Removals are metadata points at compaction: at most two per compaction.
        points = (flash.write_points - points_before) / (store.seq - seq_before)
        assert points < 5.3
