"""
Relative (Transformer-XL), rotary (RoPE) and linear-bias (ALiBi) attention, each checked against a
computation written another way: a double loop over query and key positions with the paper's terms,
complex numbers, the paper's own slope code, and properties such as "depends only on m - n".
"""

import io
import math

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from labml_nn.transformers.alibi import AlibiMultiHeadAttention, get_alibi_biases, get_slopes
from labml_nn.transformers.rope import RotaryMultiHeadAttention, RotaryPositionalEmbeddings
from labml_nn.transformers.utils import subsequent_mask
from labml_nn.transformers.xl import RelativeMultiHeadAttention, TransformerXL, memory_mask

D_MODEL = 16
HEADS = 4
D_K = D_MODEL // HEADS


@pytest.fixture(autouse=True)
def _one_thread():
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


# ---------------------------------------------------------------- relative attention (Transformer-XL)


def _relative_attention(seed: int = 0) -> RelativeMultiHeadAttention:
    torch.manual_seed(seed)
    attn = RelativeMultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.1)
    # u and v start at zero; give them values so that terms (c) and (d) count
    with torch.no_grad():
        attn.u.normal_()
        attn.v.normal_()
    return attn.eval()


def _sinusoid(delta: int, d_model: int) -> list:
    """R_delta of the paper, element by element: sines then cosines of delta / 10000^(2k/d)."""
    freqs = [1 / 10000 ** (2 * k / d_model) for k in range(d_model // 2)]
    return [math.sin(delta * f) for f in freqs] + [math.cos(delta * f) for f in freqs]


def _loop_relative_attention(attn: RelativeMultiHeadAttention, x, mem, causal: bool):
    """
    The output of relative attention from a double loop over query i and key j with the four terms
    (a) q_i.k_j, (b) q_i.W_kR R_{i-j}, (c) u.k_j, (d) v.W_kR R_{i-j} of the paper.
    """
    kv = x if mem is None else torch.cat([mem, x])
    seq_q, batch, _ = x.shape
    seq_k = kv.shape[0]
    m = seq_k - seq_q
    wq, bq = attn.query.linear.weight.double(), attn.query.linear.bias.double()
    wk, bk = attn.key.linear.weight.double(), attn.key.linear.bias.double()
    wv, bv = attn.value.linear.weight.double(), attn.value.linear.bias.double()
    wr = attn.pos_key.linear.weight.double()
    u, v = attn.u.double(), attn.v.double()
    out = torch.zeros(seq_q, batch, D_MODEL, dtype=torch.float64)
    for b in range(batch):
        for h in range(HEADS):
            rows = slice(h * D_K, (h + 1) * D_K)
            for i in range(seq_q):
                q = wq[rows] @ x[i, b].double() + bq[rows]
                scores = []
                for j in range(seq_k):
                    k = wk[rows] @ kv[j, b].double() + bk[rows]
                    r = wr[rows] @ torch.tensor(_sinusoid(i + m - j, D_MODEL), dtype=torch.float64)
                    a_ = q @ k
                    b_ = q @ r
                    c_ = u[h] @ k
                    d_ = v[h] @ r
                    score = (a_ + b_ + c_ + d_) / math.sqrt(D_K)
                    if causal and j > i + m:
                        score = torch.tensor(float('-inf'), dtype=torch.float64)
                    scores.append(score)
                weights = torch.softmax(torch.stack(scores), dim=0)
                for j in range(seq_k):
                    out[i, b, rows] += weights[j] * (wv[rows] @ kv[j, b].double() + bv[rows])
    return out @ attn.output.weight.double().T + attn.output.bias.double()


@pytest.mark.parametrize('seq_len', [1, 2, 5, 8])
@pytest.mark.parametrize('mem_len', [0, 3])
@pytest.mark.parametrize('causal', [False, True])
def test_relative_attention_equals_double_loop(seq_len, mem_len, causal):
    attn = _relative_attention()
    g = torch.Generator().manual_seed(seq_len * 10 + mem_len)
    x = torch.randn(seq_len, 2, D_MODEL, generator=g)
    mem = torch.randn(mem_len, 2, D_MODEL, generator=g) if mem_len else None
    kv = x if mem is None else torch.cat([mem, x])
    mask = memory_mask(seq_len, mem_len) if causal else None
    with torch.no_grad():
        got = attn(query=x, key=kv, value=kv, mask=mask)
    expected = _loop_relative_attention(attn, x, mem, causal)
    torch.testing.assert_close(got.double(), expected, atol=1e-5, rtol=1e-5)


def test_relative_attention_sees_order():
    """Without positions in the inputs, reversing the keys changes what a query gets."""
    attn = _relative_attention()
    x = torch.randn(6, 1, D_MODEL)
    with torch.no_grad():
        forward = attn(query=x[-1:], key=x, value=x)
        backward = attn(query=x[-1:], key=x.flip(0), value=x.flip(0))
    assert not torch.allclose(forward, backward, atol=1e-4)


def test_memory_mask():
    mask = memory_mask(3, 2)
    assert mask.shape == (3, 5, 1)
    for i in range(3):
        for j in range(5):
            assert bool(mask[i, j, 0]) == (j <= i + 2)


def _xl(mem_len: int, seed: int = 0) -> TransformerXL:
    torch.manual_seed(seed)
    model = TransformerXL(n_vocab=11, d_model=D_MODEL, heads=HEADS, d_ff=32, n_layers=2, mem_len=mem_len)
    for layer in model.layers:
        with torch.no_grad():
            layer.self_attn.u.normal_()
            layer.self_attn.v.normal_()
    return model.eval()


def test_xl_segments_with_memory_equal_one_pass():
    """Two segments, the second attending to the memory of the first, give the logits of one pass."""
    model = _xl(mem_len=6)
    x = torch.randint(0, 11, (10, 2), generator=torch.Generator().manual_seed(3))
    with torch.no_grad():
        whole, _ = model(x)
        first, mems = model(x[:6])
        second, _ = model(x[6:], mems)
    torch.testing.assert_close(torch.cat([first, second]), whole, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('seg_len, mem_len', [(5, 3), (3, 5), (4, 4)])
def test_xl_memory_shorter_than_the_past_equals_a_banded_pass(seg_len, mem_len):
    """Segments read one after another, each layer remembering only its last `mem_len` inputs, give the logits
    of one pass over the whole text in which the query at position i of a segment starting at s sees the keys
    from s - mem_len to i: the segment-level recurrence, computed without a memory"""
    model = _xl(mem_len=mem_len)
    segments = 4
    total = seg_len * segments
    x = torch.randint(0, 11, (total, 2), generator=torch.Generator().manual_seed(4))
    # The band, written out position by position, `[total, total, 1]`
    band = torch.zeros(total, total, 1, dtype=torch.bool)
    for i in range(total):
        start = i // seg_len * seg_len
        for j in range(max(0, start - mem_len), i + 1):
            band[i, j, 0] = True
    with torch.no_grad():
        # One pass through the model's layers with the band as the mask
        h = model.embed(x) * math.sqrt(model.d_model)
        for layer in model.layers:
            h = layer(x=h, mem=None, mask=band)
        expected = model.generator(model.norm(h))
        # Segment after segment with the memory
        outputs, mems = [], None
        for k in range(segments):
            logits, mems = model(x[k * seg_len : (k + 1) * seg_len], mems)
            outputs.append(logits)
            assert mems[0].shape[0] == min(mem_len, (k + 1) * seg_len)
        # Without the limit, the last segment would see all of the past: a different result
        whole, _ = model(x)
    torch.testing.assert_close(torch.cat(outputs), expected, atol=1e-5, rtol=1e-5)
    assert (whole[-seg_len:] - expected[-seg_len:]).abs().max() > 1e-3


def test_xl_memory_is_detached_and_bounded():
    model = _xl(mem_len=4).train()
    x = torch.randint(0, 11, (6, 2))
    _, mems = model(x)
    assert len(mems) == 2
    for mem in mems:
        assert mem.shape == (4, 2, D_MODEL)
        assert not mem.requires_grad and mem.grad_fn is None
    # The second segment's loss does not reach the first segment's tokens
    model.zero_grad()
    logits, _ = model(torch.full((6, 2), 10), mems)
    logits.sum().backward()
    first_only = sorted(set(x.flatten().tolist()) - {10})
    assert torch.count_nonzero(model.embed.weight.grad[first_only]) == 0
    assert torch.count_nonzero(model.embed.weight.grad[10]) > 0


def test_xl_trains_with_memory():
    """Trained on consecutive segments with memory, the loss on the excerpt falls."""
    text = _excerpt()[:20_000]
    chars = sorted(set(text))
    data = torch.tensor([chars.index(c) for c in text])
    torch.manual_seed(0)
    model = TransformerXL(n_vocab=len(chars), d_model=32, heads=4, d_ff=64, n_layers=2, mem_len=16)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    # 8 streams of text side by side, read a segment of 16 characters at a time
    streams = data[: len(data) // 8 * 8].view(8, -1).T
    losses, mems = [], None
    for step in range(40):
        x = streams[step * 16 : (step + 1) * 16]
        y = streams[step * 16 + 1 : (step + 1) * 16 + 1]
        logits, mems = model(x, mems)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, len(chars)), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert sum(losses[-5:]) / 5 < sum(losses[:5]) / 5 - 0.5


# ---------------------------------------------------------------- rotary positional embeddings


def _complex_rope(x: torch.Tensor, m: int, base: float = 10000.0) -> torch.Tensor:
    """RoPE as the product of each pair, a complex number, with e^{i m theta}."""
    d = x.shape[-1]
    theta = torch.tensor([base ** (-2 * i / d) for i in range(d // 2)], dtype=torch.float64)
    z = torch.view_as_complex(x.double().reshape(*x.shape[:-1], d // 2, 2).contiguous())
    return torch.view_as_real(z * torch.polar(torch.ones_like(theta), m * theta)).flatten(-2)


def _rope(x: torch.Tensor, m: int, d: int | None = None) -> torch.Tensor:
    """RoPE of one vector x at position m, through the module (as `[1, 1, 1, d]`)."""
    rope = RotaryPositionalEmbeddings(d or x.shape[-1])
    return rope(x.double()[None, None, None, :], offset=m)[0, 0, 0]


VECTORS = torch.randn(2, 8, generator=torch.Generator().manual_seed(0))


@settings(deadline=None, max_examples=50)
@given(m=st.integers(0, 2000), n=st.integers(0, 2000), shift=st.integers(0, 2000))
def test_rope_score_depends_only_on_relative_position(m, n, shift):
    q, k = VECTORS
    score = _rope(q, m) @ _rope(k, n)
    shifted = _rope(q, m + shift) @ _rope(k, n + shift)
    torch.testing.assert_close(score, shifted, atol=1e-9, rtol=1e-9)
    # and it is the score of q rotated by m - n against k unrotated
    torch.testing.assert_close(score, _complex_rope(q, m - n) @ k.double(), atol=1e-9, rtol=1e-9)


@settings(deadline=None, max_examples=30)
@given(m=st.integers(0, 5000))
def test_rope_equals_complex_rotation_and_keeps_norms(m):
    x = VECTORS[0]
    rotated = _rope(x, m)
    torch.testing.assert_close(rotated, _complex_rope(x, m), atol=1e-9, rtol=1e-9)
    torch.testing.assert_close(rotated.norm(), x.double().norm(), atol=1e-9, rtol=1e-9)


def test_rope_position_zero_is_identity():
    x = torch.randn(1, 3, 2, 8)
    torch.testing.assert_close(RotaryPositionalEmbeddings(8)(x), x)
    # later positions do rotate
    y = RotaryPositionalEmbeddings(8)(torch.randn(4, 3, 2, 8))
    assert not torch.allclose(RotaryPositionalEmbeddings(8)(y)[1:], y[1:])


def test_rope_partial_rotation_passes_the_rest():
    x = torch.randn(5, 2, 3, 8)
    out = RotaryPositionalEmbeddings(4)(x)
    torch.testing.assert_close(out[..., 4:], x[..., 4:])
    for m in range(5):
        torch.testing.assert_close(
            out[m, 0, 0, :4].double(), _complex_rope(x[m, 0, 0, :4], m), atol=1e-6, rtol=1e-6
        )


def test_rope_long_term_decay_is_the_papers_bound_and_the_page_shows_it():
    """The bound of section 3.4.3 against a direct sum over complex numbers; it bounds the score of random
    queries and keys; and the table of the RoPE page has its values"""
    import cmath
    from pathlib import Path

    from labml_nn.transformers import rope

    distances = [0, 1, 4, 16, 64, 128, 256]
    for d in (16, 128):
        values = rope.long_term_decay(torch.tensor(distances), d)
        for delta, value in zip(distances, values.tolist()):
            theta = [10000 ** (-2 * i / d) for i in range(d // 2)]
            partial = [sum(cmath.exp(1j * delta * t) for t in theta[:j]) for j in range(1, d // 2 + 1)]
            assert value == pytest.approx(sum(abs(p) for p in partial) / (d // 2), rel=1e-9)
        # The bound holds: |sum_i h_i e^{i delta theta_i}| <= max |h_{i+1} - h_i| * (d / 2) * value
        g = torch.Generator().manual_seed(d)
        for delta, value in zip(distances, values.tolist()):
            h = torch.complex(torch.randn(d // 2, generator=g, dtype=torch.float64),
                              torch.randn(d // 2, generator=g, dtype=torch.float64))  # fmt: skip
            theta = 10000 ** -(torch.arange(0, d, 2, dtype=torch.float64) / d)
            score = (h * torch.polar(torch.ones(d // 2, dtype=torch.float64), delta * theta)).sum().abs()
            steps = torch.cat([h, h.new_zeros(1)]).diff().abs().max()
            assert score <= steps * (d // 2) * value + 1e-9
        row = f'| $d = {d}$ | ' + ' | '.join(f'{v:.2f}' for v in values.tolist()) + ' |'
        assert row in Path(rope.__file__).read_text(encoding='utf-8')


def test_rope_odd_features_rejected():
    with pytest.raises(ValueError, match='odd'):
        RotaryPositionalEmbeddings(7)


@pytest.mark.parametrize('mem_len', [0, 3])
def test_rotary_attention_scores_are_toeplitz(mem_len):
    """The same query and key content at every position: scores are constant along each diagonal."""
    attn = RotaryMultiHeadAttention(HEADS, D_MODEL, rope_percentage=1.0).eval()
    seq_q = 6
    q = torch.randn(1, 2, HEADS, D_K).expand(seq_q, 2, HEADS, D_K)
    k = torch.randn(1, 2, HEADS, D_K).expand(seq_q + mem_len, 2, HEADS, D_K)
    scores = attn.get_scores(q, k)
    # constant along each diagonal
    torch.testing.assert_close(scores[1:, 1:], scores[:-1, :-1])
    # and each score is that of q rotated by the distance d = i + mem_len - j against k
    for i in range(seq_q):
        for j in range(seq_q + mem_len):
            d = i + mem_len - j
            expected = torch.tensor(
                [
                    [(_complex_rope(q[0, b, h], d) @ k[0, b, h].double()).item() for h in range(HEADS)]
                    for b in range(2)
                ],
                dtype=torch.float64,
            )
            torch.testing.assert_close(scores[i, j].double(), expected, atol=1e-5, rtol=1e-5)


# ---------------------------------------------------------------- ALiBi


def _paper_slopes(n):
    """The slopes as the code released with the paper computes them."""

    def get_slopes_power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        ratio = start
        return [start * ratio**i for i in range(n)]

    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    closest_power_of_2 = 2 ** math.floor(math.log2(n))
    return (
        get_slopes_power_of_2(closest_power_of_2)
        + _paper_slopes(2 * closest_power_of_2)[0::2][: n - closest_power_of_2]
    )


@pytest.mark.parametrize('n_heads', [1, 2, 6, 8, 12, 16, 24])
def test_alibi_slopes_equal_the_papers(n_heads):
    torch.testing.assert_close(
        get_slopes(n_heads).double(), torch.tensor(_paper_slopes(n_heads), dtype=torch.float64)
    )


def test_alibi_slopes_for_8_heads():
    assert get_slopes(8).tolist() == [2.0**-k for k in range(1, 9)]


@pytest.mark.parametrize('seq_q,seq_k', [(1, 1), (5, 5), (3, 7)])
def test_alibi_biases_equal_direct_computation(seq_q, seq_k):
    biases = get_alibi_biases(HEADS, seq_q, seq_k)
    assert biases.shape == (seq_q, seq_k, 1, HEADS)
    slopes = _paper_slopes(HEADS)
    for i in range(seq_q):
        for j in range(seq_k):
            for h in range(HEADS):
                expected = -slopes[h] * abs(i + seq_k - seq_q - j)
                assert biases[i, j, 0, h].item() == pytest.approx(expected)


def test_alibi_attention_weights_follow_the_paper():
    """softmax(q.k / sqrt(d_k) - m_h (i - j)) over keys j <= i."""
    torch.manual_seed(0)
    attn = AlibiMultiHeadAttention(HEADS, D_MODEL).eval()
    x = torch.randn(5, 2, D_MODEL)
    with torch.no_grad():
        attn(query=x, key=x, value=x, mask=subsequent_mask(5))
        q, k = attn.query(x), attn.key(x)
    slopes = _paper_slopes(HEADS)
    for b in range(2):
        for h in range(HEADS):
            for i in range(5):
                logits = torch.tensor(
                    [
                        (q[i, b, h] @ k[j, b, h]).item() / math.sqrt(D_K) - slopes[h] * (i - j)
                        for j in range(i + 1)
                    ]
                )
                torch.testing.assert_close(
                    attn.attn[i, : i + 1, b, h], torch.softmax(logits, 0), atol=1e-5, rtol=1e-5
                )
                assert torch.all(attn.attn[i, i + 1 :, b, h] == 0)


def test_alibi_biases_move_with_the_module():
    """After a call, `.to()` moves the cached biases with the module (to the `meta` device here, as a GPU
    would), and a module converted to float64 computes what it computed in float32"""
    torch.manual_seed(0)
    attn = AlibiMultiHeadAttention(HEADS, D_MODEL).eval()
    x = torch.randn(5, 2, D_MODEL, dtype=torch.float64)
    mask = subsequent_mask(5)
    with torch.no_grad():
        expected = attn(query=x.float(), key=x.float(), value=x.float(), mask=mask)
        # The biases are not saved with the model
        assert 'alibi_biases' not in attn.state_dict()
        attn.double()
        again = attn(query=x, key=x, value=x, mask=mask)
        torch.testing.assert_close(again, expected.double(), atol=1e-5, rtol=1e-5)
        assert attn.alibi_biases.dtype == torch.float32
        # To another device after a call: the cached biases go too
        attn.to('meta')
        assert attn.alibi_biases.device.type == 'meta'
        xm = x.to('meta')
        out = attn(query=xm, key=xm, value=xm, mask=mask.to('meta'))
    assert out.device.type == 'meta' and out.shape == expected.shape


def _alibi_stack():
    from labml_nn.transformers.feed_forward import FeedForward
    from labml_nn.transformers.models import Encoder, TransformerLayer

    torch.manual_seed(0)
    layer = TransformerLayer(
        d_model=D_MODEL,
        self_attn=AlibiMultiHeadAttention(HEADS, D_MODEL, 0.0),
        feed_forward=FeedForward(D_MODEL, 32, 0.0),
        dropout_prob=0.0,
    )
    return Encoder(layer, 2).eval()


def test_alibi_is_causal_by_gradient():
    """The output at position i of a stack of ALiBi layers does not depend on inputs after i."""
    encoder = _alibi_stack()
    seq_len = 7
    x = torch.randn(seq_len, 2, D_MODEL, requires_grad=True)
    out = encoder(x, subsequent_mask(seq_len))
    # A random weighting of the outputs (their plain sum is constant after the final layer norm)
    w = torch.randn(2, D_MODEL)
    for i in range(seq_len):
        (grad,) = torch.autograd.grad((out[i] * w).sum(), x, retain_graph=True)
        per_position = grad.abs().sum(dim=(1, 2))
        assert torch.all(per_position[i + 1 :] == 0), i
        assert torch.all(per_position[: i + 1] > 0), i


# ---------------------------------------------------------------- state dicts


@pytest.mark.parametrize(
    'cls', [RelativeMultiHeadAttention, RotaryMultiHeadAttention, AlibiMultiHeadAttention]
)
def test_attention_state_dict_round_trips(cls):
    torch.manual_seed(0)
    a = cls(HEADS, D_MODEL).eval()
    for p in a.parameters():
        torch.nn.init.normal_(p)
    buffer = io.BytesIO()
    torch.save(a.state_dict(), buffer)
    buffer.seek(0)
    torch.manual_seed(1)
    b = cls(HEADS, D_MODEL).eval()
    b.load_state_dict(torch.load(buffer, weights_only=True))
    x = torch.randn(6, 2, D_MODEL)
    torch.testing.assert_close(
        a(query=x, key=x, value=x, mask=subsequent_mask(6)),
        b(query=x, key=x, value=x, mask=subsequent_mask(6)),
    )


def test_xl_state_dict_round_trips():
    a = _xl(mem_len=4, seed=0)
    b = _xl(mem_len=4, seed=1)
    b.load_state_dict(a.state_dict())
    x = torch.randint(0, 11, (5, 2))
    torch.testing.assert_close(a(x)[0], b(x)[0])


def _excerpt() -> str:
    from tiny_training import SHAKESPEARE

    return SHAKESPEARE.read_text(encoding='utf-8')
