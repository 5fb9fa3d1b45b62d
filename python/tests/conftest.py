"""Shared fixtures of the gnest package tests (run from the README's `make test`, or with
`python -m pytest python/tests` after `pip install ./python`)."""

import pytest

import gnest


@pytest.fixture(scope="session")
def ctx():
    """A context that runs on the CPU: the same answers with or without a GPU."""
    return gnest.Context(force_cpu=True)
