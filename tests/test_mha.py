"""
Multi-head attention checked against an independent reference:
the same projections followed by `torch.nn.functional.scaled_dot_product_attention`.
"""

import pytest
import torch
import torch.nn.functional as F

from labml_nn.transformers.mha import MultiHeadAttention
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


@pytest.mark.parametrize('shape', [(5, 5), (5, 4, 3), (2, 5, 3), (5, 5, 4), (5, 5, 3, 1)])
def test_wrong_mask_shape(shape):
    mha = _model()
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
    from labml_nn.transformers.mha import MultiHeadAttention

    mha = MultiHeadAttention(heads=2, d_model=8, dropout_prob=0.0, bias=False)
    assert mha.query.linear.bias is None and mha.key.linear.bias is None and mha.value.linear.bias is None
    # The output projection is a plain `nn.Linear` that always has a bias
    assert mha.output.bias is not None
