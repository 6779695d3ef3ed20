# Device drivers: each takes bus and Pin objects from the board file, never pin numbers.
