"""Speed benchmarks (issue 2, "Speed"). Each module runs as `python -m bench.<name>`; see bench/README.md."""
