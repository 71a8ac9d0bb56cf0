"""The sentence model's ONNX graph: 8-bit weights by output column."""

from __future__ import annotations

import numpy as np

from rules_core.rulebooks.model_graph import quantize_columns


def test_each_column_is_scaled_to_its_own_largest_weight() -> None:
    weight = np.array([[0.5, -4.0, 0.0], [-1.0, 2.0, 0.0]], np.float32)
    q, scale = quantize_columns(weight)
    assert q.dtype == np.int8
    assert np.allclose(scale, [1.0 / 127, 4.0 / 127, 1.0])  # an all-zero column keeps scale 1
    assert q[:, 0].tolist() == [64, -127]
    assert q[:, 1].tolist() == [-127, 64]
    assert q[:, 2].tolist() == [0, 0]


def test_dequantized_weights_are_within_half_a_step() -> None:
    weight = np.random.default_rng(3).normal(size=(64, 32)).astype(np.float32)
    q, scale = quantize_columns(weight)
    assert np.all(np.abs(q.astype(np.float32) * scale - weight) <= scale / 2 + 1e-7)
