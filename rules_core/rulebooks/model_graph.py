"""The sentence model's forward pass as an ONNX graph, for ONNX Runtime to run on the CPU.

Built in memory from the shipped weights (rules_core.rulebooks.sentence_model reads them), never
stored: a BERT encoder (position and token-type embeddings, self-attention, a tanh-GELU
feed-forward block, layer norms; as many layers as the weights hold) whose output is the mean of
the token states over the attention mask. Inputs: `words` (n x L x dims, each token's word vector,
looked up by the caller so the large word table stays out of the graph), `positions` (L position
ids) and `mask` (n x L, 1.0 for a token, 0.0 for padding); output `pooled` (n x dims), not yet
unit length. Each layer's attention (12 heads, scores divided by the square root of a head's
width) and its tanh-GELU are each one of ONNX Runtime's kernels (`MultiHeadAttention`,
`FastGelu`), not a chain of elementary nodes: a fifth less time a question, the same vectors
within 1e-6.

With `quantized`, every dense layer's weights are 8-bit integers, one scale per output column
(symmetric, so no zero point), and ONNX Runtime quantizes each layer's input on the fly
(`DynamicQuantizeMatMul`): a quarter of the weights' memory, which is what a one-question
forward pass waits on, for vectors within about 0.01 of the full-precision ones in cosine.
The weights use 7 of the 8 bits (WEIGHT_STEPS), so that every CPU computes the same exact
integer products and a question gets the same answers on every machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from onnx import NodeProto, TensorProto, helper, numpy_helper

_HEADS = 12
_EPS = 1e-12
_OPSET = 17  # LayerNormalization
# Symmetric weights in -63..63. ONNX Runtime's 8-bit product on a CPU with AVX2 but no VNNI
# (vpmaddubsw) adds two products of an input byte (0..255) and a weight into 16 bits, saturating
# at 32,767: with weights up to 127 a pair reaches 64,770 and the layer's output is silently
# clipped (seen on an AMD EPYC: 4,110 where the exact product is 8,001), so answers differed
# from a CPU with VNNI. With 63 a pair stays within 32,130 and every CPU's integers are exact.
WEIGHT_STEPS = 63


def quantize_columns(
    weight: npt.NDArray[np.float32],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float32]]:
    """A (in x out) weight matrix as int8 (within +-WEIGHT_STEPS) with one float scale per output
    column."""
    scale = np.abs(weight).max(axis=0) / WEIGHT_STEPS
    scale = np.where(scale == 0, 1.0, scale).astype(np.float32)
    return np.round(weight / scale).clip(-WEIGHT_STEPS, WEIGHT_STEPS).astype(np.int8), scale


class _Builder:
    """Accumulates nodes and initializers; each node's single output gets a fresh name."""

    def __init__(self) -> None:
        self.nodes: list[NodeProto] = []
        self.initializers: list[TensorProto] = []
        self.count = 0

    def const(self, name: str, value: npt.ArrayLike, dtype: type = np.float32) -> str:
        self.initializers.append(numpy_helper.from_array(np.ascontiguousarray(value, dtype), name))
        return name

    def op(self, kind: str, *inputs: str, domain: str = "", **attrs: Any) -> str:
        self.count += 1
        out = f"t{self.count}"
        self.nodes.append(helper.make_node(kind, list(inputs), [out], domain=domain, **attrs))
        return out


def model_graph(weights: Mapping[str, npt.NDArray[np.float32]], *, quantized: bool) -> bytes:
    """The serialized ONNX model of the encoder over these weights (Hugging Face BERT's
    names; 2-D dense weights (out x in) as there)."""
    g = _Builder()
    layers = sum(1 for k in weights if k.endswith("attention.self.query.weight"))
    weights = {**weights, **_merged_qkv(weights, layers)}

    def dense(x: str, name: str) -> str:
        w = np.ascontiguousarray(weights[f"{name}.weight"].T)
        bias = g.const(f"{name}.b", weights[f"{name}.bias"])
        if not quantized:
            return g.op("Add", g.op("MatMul", x, g.const(f"{name}.w", w)), bias)
        q, scale = quantize_columns(w)
        return g.op(
            "DynamicQuantizeMatMul",
            x,
            g.const(f"{name}.q", q, np.int8),
            g.const(f"{name}.s", scale),
            g.const(f"{name}.z", np.zeros_like(q[0]), np.int8),
            bias,
            domain="com.microsoft",
        )

    def norm(x: str, name: str) -> str:
        return g.op(
            "LayerNormalization",
            x,
            g.const(f"{name}.g", weights[f"{name}.weight"]),
            g.const(f"{name}.b", weights[f"{name}.bias"]),
            axis=-1,
            epsilon=_EPS,
        )

    dims = weights["embeddings.LayerNorm.weight"].shape[0]
    places = g.op(
        "Gather", g.const("pos_emb", weights["embeddings.position_embeddings.weight"]), "positions"
    )
    kind = g.const("type_emb", weights["embeddings.token_type_embeddings.weight"][0])
    x = norm(g.op("Add", g.op("Add", "words", places), kind), "embeddings.LayerNorm")
    # the attention's key padding mask: a token (1) is attended to, padding (0) is not
    padding = g.op("Cast", "mask", to=TensorProto.INT32)
    thirds = g.const("thirds", [dims, dims, dims], np.int64)
    for layer in range(layers):
        p = f"encoder.layer.{layer}"
        merged = dense(x, f"{p}.attention.self.qkv")
        parts = [f"{p}.{part}" for part in ("q", "k", "v")]
        g.nodes.append(helper.make_node("Split", [merged, thirds], parts, axis=-1))
        context = g.op(
            "MultiHeadAttention", *parts, "", padding, domain="com.microsoft", num_heads=_HEADS
        )
        attended = dense(context, f"{p}.attention.output.dense")
        x = norm(g.op("Add", x, attended), f"{p}.attention.output.LayerNorm")
        gelu = g.op("FastGelu", dense(x, f"{p}.intermediate.dense"), domain="com.microsoft")
        x = norm(g.op("Add", x, dense(gelu, f"{p}.output.dense")), f"{p}.output.LayerNorm")
    token_mask = g.op("Unsqueeze", "mask", g.const("token_axis", [2], np.int64))
    seq_axis = g.const("seq_axis", [1], np.int64)
    total = g.op("ReduceSum", g.op("Mul", x, token_mask), seq_axis, keepdims=0)
    g.nodes.append(
        helper.make_node(
            "Div", [total, g.op("ReduceSum", "mask", seq_axis, keepdims=1)], ["pooled"]
        )
    )
    graph = helper.make_graph(
        g.nodes,
        "sentence_model",
        [
            helper.make_tensor_value_info("words", TensorProto.FLOAT, ["n", "L", dims]),
            helper.make_tensor_value_info("positions", TensorProto.INT64, ["L"]),
            helper.make_tensor_value_info("mask", TensorProto.FLOAT, ["n", "L"]),
        ],
        [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["n", dims])],
        g.initializers,
    )
    opsets = [helper.make_opsetid("", _OPSET), helper.make_opsetid("com.microsoft", 1)]
    model = helper.make_model(graph, opset_imports=opsets, ir_version=8)
    return bytes(model.SerializeToString())


def _merged_qkv(
    weights: Mapping[str, npt.NDArray[np.float32]], layers: int
) -> dict[str, npt.NDArray[np.float32]]:
    """Each layer's query, key and value projections as one (three blocks of outputs), so a
    layer's attention inputs are one product."""
    merged: dict[str, npt.NDArray[np.float32]] = {}
    for layer in range(layers):
        p = f"encoder.layer.{layer}.attention.self"
        for kind in ("weight", "bias"):
            parts = [weights[f"{p}.{part}.{kind}"] for part in ("query", "key", "value")]
            merged[f"{p}.qkv.{kind}"] = np.concatenate(parts, axis=0)
    return merged
