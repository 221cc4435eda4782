"""
Multi-head attention checked against an independent reference:
the same projections followed by `torch.nn.functional.scaled_dot_product_attention`.
"""

import pytest
import torch
import torch.nn.functional as F

from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.mha_fast import FastMultiHeadAttention, is_causal_mask
from labml_nn.transformers.utils import subsequent_mask

D_MODEL = 16
HEADS = 4


def _model(seed: int = 0) -> MultiHeadAttention:
    torch.manual_seed(seed)
    mha = MultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.1)
    mha.eval()
    return mha


def _reference(mha: MultiHeadAttention, query, key, value, mask=None):
    """
    Attention computed with plain linear layers and PyTorch's SDPA.

    Inputs are `[seq_len, batch, d_model]`; `mask` is `[seq_len_q or 1, seq_len_k, batch or 1]`
    with True where attention is allowed.
    """
    # Copy the weights into independent linear layers
    lin = {}
    for name in ('query', 'key', 'value'):
        src = getattr(mha, name).linear
        layer = torch.nn.Linear(D_MODEL, D_MODEL, bias=src.bias is not None)
        layer.load_state_dict(src.state_dict())
        lin[name] = layer
    out = torch.nn.Linear(D_MODEL, D_MODEL)
    out.load_state_dict(mha.output.state_dict())

    d_k = D_MODEL // HEADS

    def heads(x):
        # [seq, batch, d_model] -> [batch, heads, seq, d_k]
        s, b, _ = x.shape
        return x.reshape(s, b, HEADS, d_k).permute(1, 2, 0, 3)

    q = heads(lin['query'](query))
    k = heads(lin['key'](key))
    v = heads(lin['value'](value))

    attn_mask = None
    if mask is not None:
        # [q, k, batch] -> [batch, 1, q, k]
        attn_mask = mask.permute(2, 0, 1).unsqueeze(1).to(torch.bool)

    x = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, dropout_p=0.0)
    # [batch, heads, seq_q, d_k] -> [seq_q, batch, d_model]
    x = x.permute(2, 0, 1, 3).reshape(query.shape[0], query.shape[1], D_MODEL)
    return out(x)


def _inputs(seq_q=5, seq_k=5, batch=3, seed=1):
    g = torch.Generator().manual_seed(seed)
    q = torch.randn(seq_q, batch, D_MODEL, generator=g)
    if seq_q == seq_k:
        k = q
        v = q
    else:
        k = torch.randn(seq_k, batch, D_MODEL, generator=g)
        v = torch.randn(seq_k, batch, D_MODEL, generator=g)
    return q, k, v


def _padding_mask(seq_q, seq_k, lengths):
    """`[seq_q, seq_k, batch]`, keys at or after `lengths[b]` are hidden."""
    keep = torch.arange(seq_k)[:, None] < torch.tensor(lengths)[None, :]
    return keep.unsqueeze(0).expand(seq_q, seq_k, len(lengths)).clone()


def _check(mha, q, k, v, mask):
    with torch.no_grad():
        got = mha(query=q, key=k, value=v, mask=mask)
        want = _reference(mha, q, k, v, mask)
    assert got.shape == want.shape == (q.shape[0], q.shape[1], D_MODEL)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)


def test_no_mask():
    mha = _model()
    q, k, v = _inputs()
    _check(mha, q, k, v, None)


def test_cross_attention_different_lengths():
    mha = _model()
    q, k, v = _inputs(seq_q=4, seq_k=7)
    _check(mha, q, k, v, None)


def test_causal_mask():
    mha = _model()
    q, k, v = _inputs(seq_q=6, seq_k=6)
    _check(mha, q, k, v, subsequent_mask(6))


def test_padding_mask():
    mha = _model()
    q, k, v = _inputs(seq_q=6, seq_k=6, batch=3)
    mask = _padding_mask(6, 6, [6, 3, 1])
    _check(mha, q, k, v, mask)
    # Masked keys get no attention at all
    assert torch.all(mha.attn[:, 3:, 1, :] == 0)
    assert torch.all(mha.attn[:, 1:, 2, :] == 0)


def test_broadcast_query_mask():
    mha = _model()
    q, k, v = _inputs(seq_q=4, seq_k=7, batch=2)
    mask = _padding_mask(1, 7, [5, 2])
    assert mask.shape == (1, 7, 2)
    _check(mha, q, k, v, mask)


def test_gradients_reach_every_parameter():
    mha = _model()
    mha.train()
    q, k, v = _inputs(seq_q=4, seq_k=6)
    out = mha(query=q, key=k, value=v, mask=_padding_mask(4, 6, [6, 4, 2]))
    out.pow(2).sum().backward()
    for name, p in mha.named_parameters():
        assert p.grad is not None, name
        assert p.grad.abs().sum() > 0, name


@pytest.mark.parametrize('cls', [MultiHeadAttention, FastMultiHeadAttention])
@pytest.mark.parametrize('shape', [(5, 5), (5, 4, 3), (2, 5, 3), (5, 5, 4), (5, 5, 3, 1)])
def test_wrong_mask_shape(shape, cls):
    mha = cls(HEADS, D_MODEL)
    q, k, v = _inputs(seq_q=5, seq_k=5, batch=3)
    with pytest.raises(ValueError, match=r'expected \[5 or 1, 5, 3 or 1\]'):
        mha(query=q, key=k, value=v, mask=torch.ones(shape, dtype=torch.bool))


def test_attn_rows_sum_to_one():
    mha = _model()
    q, k, v = _inputs(seq_q=5, seq_k=5, batch=2)
    with torch.no_grad():
        mha(query=q, key=k, value=v, mask=subsequent_mask(5))
    # `[seq_len_q, seq_len_k, batch, heads]`
    assert mha.attn.shape == (5, 5, 2, HEADS)
    torch.testing.assert_close(mha.attn.sum(dim=1), torch.ones(5, 2, HEADS))
    # Causal: nothing above the diagonal
    upper = torch.triu(torch.ones(5, 5, dtype=torch.bool), diagonal=1)
    assert torch.all(mha.attn[upper] == 0)


def test_bias_false_removes_the_query_key_and_value_biases_but_keeps_the_output_bias():
    mha = MultiHeadAttention(heads=2, d_model=8, dropout_prob=0.0, bias=False)
    assert mha.query.linear.bias is None and mha.key.linear.bias is None and mha.value.linear.bias is None
    # The output projection is a plain `nn.Linear` that always has a bias
    assert mha.output.bias is not None


# ---------------------------------------------------------------- the fused version


def _pair(seed: int = 0):
    """The explicit and the fused attention, with the same weights"""
    explicit = _model(seed)
    fast = FastMultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.1)
    fast.load_state_dict(explicit.state_dict())
    fast.eval()
    return explicit, fast


MASKS = {
    'no mask': (5, 5, 3, lambda: None),
    'causal': (6, 6, 3, lambda: subsequent_mask(6)),
    'padding': (6, 6, 3, lambda: _padding_mask(6, 6, [6, 3, 1])),
    'broadcast query': (4, 7, 2, lambda: _padding_mask(1, 7, [5, 2])),
}


@pytest.mark.parametrize('case', list(MASKS))
def test_fast_matches_explicit_and_reference(case):
    seq_q, seq_k, batch, make_mask = MASKS[case]
    explicit, fast = _pair()
    q, k, v = _inputs(seq_q=seq_q, seq_k=seq_k, batch=batch)
    mask = make_mask()
    with torch.no_grad():
        want = explicit(query=q, key=k, value=v, mask=mask)
        got = fast(query=q, key=k, value=v, mask=mask)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
    # And the independent reference
    _check(fast, q, k, v, mask)
    # No attention weights are kept
    assert fast.attn is None


@pytest.mark.parametrize('case', list(MASKS))
def test_fast_gradients_match_explicit(case):
    seq_q, seq_k, batch, make_mask = MASKS[case]
    explicit, fast = _pair()
    mask = make_mask()
    grads = []
    for mha in (explicit, fast):
        g = torch.Generator().manual_seed(3)
        q = torch.randn(seq_q, batch, D_MODEL, generator=g, requires_grad=True)
        kv = torch.randn(seq_k, batch, D_MODEL, generator=g, requires_grad=True)
        out = mha(query=q, key=kv, value=kv, mask=mask)
        out.pow(2).sum().backward()
        grads.append(
            {
                'query input': q.grad,
                'key/value input': kv.grad,
                **{n: p.grad for n, p in mha.named_parameters()},
            }
        )
    assert grads[0].keys() == grads[1].keys()
    for name in grads[0]:
        torch.testing.assert_close(grads[1][name], grads[0][name], rtol=1e-5, atol=1e-5, msg=name)


@pytest.mark.parametrize('source', [MultiHeadAttention, FastMultiHeadAttention])
def test_state_dict_loads_into_either(source, tmp_path):
    torch.manual_seed(5)
    a = source(HEADS, D_MODEL, dropout_prob=0.0, bias=False)
    torch.save(a.state_dict(), tmp_path / 'attention.pt')
    state = torch.load(tmp_path / 'attention.pt', weights_only=True)
    q, k, v = _inputs()
    for target in (MultiHeadAttention, FastMultiHeadAttention):
        b = target(HEADS, D_MODEL, dropout_prob=0.0, bias=False)
        # Strict loading: the same names, nothing missing, nothing left over
        b.load_state_dict(state)
        with torch.no_grad():
            torch.testing.assert_close(b(query=q, key=k, value=v), a(query=q, key=k, value=v))


def test_fast_dropout_only_while_training():
    _, fast = _pair()
    q, k, v = _inputs(seq_q=8, seq_k=8)
    with torch.no_grad():
        assert torch.equal(fast(query=q, key=k, value=v), fast(query=q, key=k, value=v))
        fast.train()
        torch.manual_seed(0)
        first = fast(query=q, key=k, value=v)
        second = fast(query=q, key=k, value=v)
        torch.manual_seed(0)
        again = fast(query=q, key=k, value=v)
    assert not torch.allclose(first, second)
    assert torch.equal(first, again)


def test_causal_mask_is_recognized():
    assert is_causal_mask(subsequent_mask(5), 5, 5)
    # Integers work like booleans
    assert is_causal_mask(subsequent_mask(5).long(), 5, 5)
    # Not when it hides anything else, or is not square, or differs across the batch
    assert not is_causal_mask(_padding_mask(5, 5, [5, 5]), 5, 5)
    padded = subsequent_mask(5).clone()
    padded[:, 4] = False
    assert not is_causal_mask(padded, 5, 5)
    assert not is_causal_mask(subsequent_mask(5)[:4], 4, 5)
    assert not is_causal_mask(subsequent_mask(5).expand(5, 5, 2), 5, 5)


def test_attn_is_the_softmax_weights_even_while_training_with_dropout():
    # `attn` holds the weights the page describes, rows summing to one, not the dropped-out copy
    torch.manual_seed(0)
    mha = MultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.5)
    mha.train()
    q, k, v = _inputs(seq_q=6, seq_k=6, batch=2)
    mha(query=q, key=k, value=v, mask=subsequent_mask(6))
    torch.testing.assert_close(mha.attn.sum(dim=1), torch.ones(6, 2, HEADS))
    assert torch.all(mha.attn >= 0)


@pytest.mark.parametrize('cls', [MultiHeadAttention, FastMultiHeadAttention])
def test_a_query_that_may_attend_to_nothing_gets_zero_weights(cls):
    # Both classes treat a fully masked query row the same way: no key is attended to,
    # so its weighted sum of values is zero and the output is the output layer's bias
    torch.manual_seed(0)
    mha = cls(HEADS, D_MODEL, dropout_prob=0.0).eval()
    q, k, v = _inputs(seq_q=4, seq_k=4, batch=2)
    mask = torch.ones(4, 4, 2, dtype=torch.bool)
    mask[2, :, 0] = False
    with torch.no_grad():
        out = mha(query=q, key=k, value=v, mask=mask)
    assert torch.isfinite(out).all()
    torch.testing.assert_close(out[2, 0], mha.output.bias)
    # The other rows are the ordinary attention of the reference
    want = _reference(mha, q, k, v, mask)
    torch.testing.assert_close(out[[0, 1, 3]], want[[0, 1, 3]], rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(out[2, 1], want[2, 1], rtol=1e-5, atol=1e-5)
    if cls is MultiHeadAttention:
        assert torch.all(mha.attn[2, :, 0] == 0)


def test_fully_masked_row_has_finite_gradients():
    mha = MultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.0)
    q, k, v = _inputs(seq_q=3, seq_k=3, batch=1)
    q = q.clone().requires_grad_()
    mask = torch.ones(3, 3, 1, dtype=torch.bool)
    mask[0] = False
    mha(query=q, key=q, value=q, mask=mask).sum().backward()
    assert torch.isfinite(q.grad).all()
    assert all(torch.isfinite(p.grad).all() for p in mha.parameters())


@pytest.mark.slow
def test_fast_attention_compiles_into_one_graph_with_the_causal_mask():
    # `fullgraph=True` fails on any graph break, such as reading the mask's values to detect it
    torch.manual_seed(0)
    fast = FastMultiHeadAttention(HEADS, D_MODEL, dropout_prob=0.0).eval()
    q, k, v = _inputs(seq_q=5, seq_k=5, batch=2)
    mask = subsequent_mask(5)
    compiled = torch.compile(lambda x: fast(query=x, key=x, value=x, mask=mask), fullgraph=True)
    with torch.no_grad():
        torch.testing.assert_close(compiled(q), _reference(fast, q, k, v, mask), rtol=1e-5, atol=1e-5)
