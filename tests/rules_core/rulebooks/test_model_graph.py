"""The sentence model's ONNX graph: 8-bit weights by output column, exact on every CPU."""

from __future__ import annotations

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

from rules_core.rulebooks.model_graph import WEIGHT_STEPS, quantize_columns


def test_each_column_is_scaled_to_its_own_largest_weight() -> None:
    weight = np.array([[0.25, -4.0, 0.0], [-1.0, 1.0, 0.0]], np.float32)
    q, scale = quantize_columns(weight)
    assert q.dtype == np.int8
    assert np.allclose(scale, [1.0 / 63, 4.0 / 63, 1.0])  # an all-zero column keeps scale 1
    assert q[:, 0].tolist() == [16, -63]
    assert q[:, 1].tolist() == [-63, 16]
    assert q[:, 2].tolist() == [0, 0]


def test_dequantized_weights_are_within_half_a_step() -> None:
    weight = np.random.default_rng(3).normal(size=(64, 32)).astype(np.float32)
    q, scale = quantize_columns(weight)
    assert np.all(np.abs(q).max() <= WEIGHT_STEPS)
    assert np.all(np.abs(q.astype(np.float32) * scale - weight) <= scale / 2 + 1e-7)


def _quantized_product(inputs: np.ndarray, q: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """ONNX Runtime's DynamicQuantizeMatMul on one thread, as the model's graph runs it."""
    node = helper.make_node(
        "DynamicQuantizeMatMul", ["x", "q", "s", "z"], ["y"], domain="com.microsoft"
    )
    graph = helper.make_graph(
        [node],
        "product",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(inputs.shape))],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [inputs.shape[0], q.shape[1]])],
        [
            numpy_helper.from_array(q, "q"),
            numpy_helper.from_array(scale, "s"),
            numpy_helper.from_array(np.zeros(q.shape[1], np.int8), "z"),
        ],
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    )
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(
        model.SerializeToString(), options, providers=["CPUExecutionProvider"]
    )
    return np.asarray(session.run(["y"], {"x": inputs})[0])


def test_the_quantized_product_is_exact_on_this_cpu() -> None:
    # The worst case for the 16-bit pair sums of CPUs without VNNI: every input quantized to
    # 255 and every weight at its largest. With weights up to 127 ONNX Runtime clips such a
    # product on those CPUs (4,110 for 8,001); the question's vector, and so its answers, then
    # depended on the machine.
    weight = np.ones((64, 4), np.float32)
    weight[:, 1] = -1.0
    q, scale = quantize_columns(weight)
    inputs = np.ones((2, 64), np.float32)
    inputs[0, 0] = 0.0  # the input's range is [0, 1]: 1.0 is quantized to 255
    got = _quantized_product(inputs, q, scale)
    steps = np.round(inputs * 255) / 255  # the input as ONNX Runtime quantizes it
    exact = steps @ (q.astype(np.float64) * scale)
    assert np.allclose(got, exact, rtol=1e-5)
    assert np.allclose(got, inputs @ weight, rtol=1e-5)
