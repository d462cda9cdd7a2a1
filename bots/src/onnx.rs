//! A small ONNX reader and runtime for the networks learned players use: feed-forward graphs
//! over one feature vector per row (`Gemm`, `MatMul`, `Add`, `Sub`, `Mul`, `Relu`,
//! `LeakyRelu`, `Tanh`, `Sigmoid`, `Softmax`, `LogSoftmax`, `Identity`, `Flatten`, and
//! `Transpose` and `Constant` of constants), as `torch.onnx.export` writes them for a multi-layer perceptron.
//!
//! Why not a general runtime: the bots evaluate one small network per search iteration, so
//! the cost of a call matters more than breadth, and a general runtime's build weighs more
//! than the whole engine. The file is read with a protobuf decoder of its own (the few ONNX
//! messages needed, by field number) and compiled into a flat plan of steps. A dense layer
//! keeps its weights twice: one column per input feature, so that a row adds only the
//! columns of its non-zero features (observations are mostly 0/1 flags, and half a hidden
//! layer is zero after a ReLU), and one row per output, for the few outputs a search asks for
//! (the legal actions' logits). The values are those of the plain arithmetic to the last bit
//! ([`Layer::run_reference`]), so a faster runtime never changes how a bot plays. Anything
//! else is refused with an error naming the operator or the fault; nothing here panics on a
//! bad file.

use std::collections::HashMap;

/// Why a model file could not be read or run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnnxError(pub String);

impl std::fmt::Display for OnnxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OnnxError {}

fn fail<T>(message: impl Into<String>) -> Result<T, OnnxError> {
    Err(OnnxError(message.into()))
}

// ---------------------------------------------------------------------------------------------
// Protobuf wire format.

/// One field of a protobuf message.
enum Value<'a> {
    Varint(u64),
    Fixed64,
    Bytes(&'a [u8]),
    Fixed32(u32),
}

/// Iterates over the fields of a message.
struct Fields<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Fields<'a> {
    fn new(data: &'a [u8]) -> Self {
        Fields { data, at: 0 }
    }

    fn varint(&mut self) -> Result<u64, OnnxError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let Some(&b) = self.data.get(self.at) else {
                return fail(format!("truncated number at byte {}", self.at));
            };
            self.at += 1;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        fail(format!("number too long at byte {}", self.at))
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], OnnxError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return fail(format!(
                "field of {n} bytes at byte {} runs past the end ({} bytes)",
                self.at,
                self.data.len()
            ));
        };
        let slice = &self.data[self.at..end];
        self.at = end;
        Ok(slice)
    }

    /// The next `(field number, value)`, or `None` at the end.
    fn next_field(&mut self) -> Result<Option<(u64, Value<'a>)>, OnnxError> {
        if self.at >= self.data.len() {
            return Ok(None);
        }
        let key = self.varint()?;
        let (field, wire) = (key >> 3, key & 7);
        let value = match wire {
            0 => Value::Varint(self.varint()?),
            1 => {
                self.take(8)?;
                Value::Fixed64
            }
            2 => {
                let n = usize::try_from(self.varint()?).unwrap_or(usize::MAX);
                Value::Bytes(self.take(n)?)
            }
            5 => Value::Fixed32(u32::from_le_bytes(self.take(4)?.try_into().expect("4"))),
            _ => return fail(format!("unknown wire type {wire} at byte {}", self.at)),
        };
        Ok(Some((field, value)))
    }
}

fn text(bytes: &[u8]) -> Result<String, OnnxError> {
    String::from_utf8(bytes.to_vec()).or_else(|_| fail("a name is not UTF-8"))
}

/// Repeated int64 values, packed or not.
fn push_ints(out: &mut Vec<i64>, value: Value<'_>) -> Result<(), OnnxError> {
    match value {
        Value::Varint(v) => out.push(v as i64),
        Value::Bytes(b) => {
            let mut f = Fields::new(b);
            while f.at < b.len() {
                out.push(f.varint()? as i64);
            }
        }
        _ => return fail("bad integer list"),
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The ONNX messages the reader needs.

/// A constant tensor (an initializer or a `Constant` node's value), as f32.
#[derive(Clone, Debug, Default)]
struct Tensor {
    name: String,
    dims: Vec<usize>,
    data: Vec<f32>,
}

const FLOAT: i64 = 1;
const INT64: i64 = 7;
const DOUBLE: i64 = 11;

fn parse_tensor(bytes: &[u8]) -> Result<Tensor, OnnxError> {
    let mut dims = Vec::new();
    let mut data_type = 0;
    let mut name = String::new();
    let mut floats = Vec::new();
    let mut ints = Vec::new();
    let mut raw: Option<&[u8]> = None;
    let mut external = false;
    let mut f = Fields::new(bytes);
    while let Some((field, value)) = f.next_field()? {
        match (field, value) {
            (1, v) => push_ints(&mut dims, v)?,
            (2, Value::Varint(t)) => data_type = t as i64,
            (4, Value::Bytes(b)) => floats.extend(
                b.chunks_exact(4)
                    .map(|c| f32::from_le_bytes(c.try_into().expect("4"))),
            ),
            (4, Value::Fixed32(x)) => floats.push(f32::from_bits(x)),
            (7, v) => push_ints(&mut ints, v)?,
            (8, Value::Bytes(b)) => name = text(b)?,
            (9, Value::Bytes(b)) => raw = Some(b),
            (14, Value::Varint(1)) => external = true,
            _ => {}
        }
    }
    if external {
        return fail(format!(
            "tensor `{name}` is stored outside the file (external data): export the model in \
             one file"
        ));
    }
    let dims: Vec<usize> = dims
        .iter()
        .map(|&d| usize::try_from(d).or_else(|_| fail(format!("tensor `{name}`: dimension {d}"))))
        .collect::<Result<_, _>>()?;
    let count = dims
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .ok_or_else(|| OnnxError(format!("tensor `{name}`: shape {dims:?} too large")))?;
    let data: Vec<f32> = match (data_type, raw) {
        (FLOAT, Some(b)) => b
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4")))
            .collect(),
        (FLOAT, None) => floats,
        (INT64, Some(b)) => b
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().expect("8")) as f32)
            .collect(),
        (INT64, None) => ints.iter().map(|&i| i as f32).collect(),
        (DOUBLE, Some(b)) => b
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8")) as f32)
            .collect(),
        _ => {
            return fail(format!(
                "tensor `{name}` has element type {data_type}: only float (1), double (11) and \
                 int64 (7) constants are read"
            ))
        }
    };
    if data.len() != count {
        return fail(format!(
            "tensor `{name}` holds {} values for its shape {dims:?}",
            data.len()
        ));
    }
    Ok(Tensor { name, dims, data })
}

/// An operator's attribute: the kinds the supported operators use.
#[derive(Clone, Debug)]
enum Attribute {
    Float(f32),
    Int(i64),
    Ints(Vec<i64>),
    Tensor(Tensor),
    Other,
}

#[derive(Clone, Debug, Default)]
struct Node {
    inputs: Vec<String>,
    outputs: Vec<String>,
    op: String,
    domain: String,
    attributes: HashMap<String, Attribute>,
}

impl Node {
    fn int(&self, name: &str, default: i64) -> i64 {
        match self.attributes.get(name) {
            Some(Attribute::Int(i)) => *i,
            _ => default,
        }
    }

    fn float(&self, name: &str, default: f32) -> f32 {
        match self.attributes.get(name) {
            Some(Attribute::Float(x)) => *x,
            _ => default,
        }
    }
}

fn parse_attribute(bytes: &[u8]) -> Result<(String, Attribute), OnnxError> {
    let mut name = String::new();
    let mut attribute = Attribute::Other;
    let mut ints = Vec::new();
    let mut f = Fields::new(bytes);
    while let Some((field, value)) = f.next_field()? {
        match (field, value) {
            (1, Value::Bytes(b)) => name = text(b)?,
            (2, Value::Fixed32(x)) => attribute = Attribute::Float(f32::from_bits(x)),
            (3, Value::Varint(i)) => attribute = Attribute::Int(i as i64),
            (5, Value::Bytes(b)) => attribute = Attribute::Tensor(parse_tensor(b)?),
            (8, v) => push_ints(&mut ints, v)?,
            _ => {}
        }
    }
    if !ints.is_empty() {
        attribute = Attribute::Ints(ints);
    }
    Ok((name, attribute))
}

fn parse_node(bytes: &[u8]) -> Result<Node, OnnxError> {
    let mut node = Node::default();
    let mut f = Fields::new(bytes);
    while let Some((field, value)) = f.next_field()? {
        match (field, value) {
            (1, Value::Bytes(b)) => node.inputs.push(text(b)?),
            (2, Value::Bytes(b)) => node.outputs.push(text(b)?),
            (4, Value::Bytes(b)) => node.op = text(b)?,
            (5, Value::Bytes(b)) => {
                let (name, a) = parse_attribute(b)?;
                node.attributes.insert(name, a);
            }
            (7, Value::Bytes(b)) => node.domain = text(b)?,
            _ => {}
        }
    }
    Ok(node)
}

/// A graph input or output: its name and its last dimension, when fixed.
fn parse_value_info(bytes: &[u8]) -> Result<(String, Option<usize>), OnnxError> {
    let mut name = String::new();
    let mut width = None;
    let mut f = Fields::new(bytes);
    while let Some((field, value)) = f.next_field()? {
        match (field, value) {
            (1, Value::Bytes(b)) => name = text(b)?,
            (2, Value::Bytes(type_proto)) => {
                // TypeProto.tensor_type (1) -> shape (2) -> dim (1) -> dim_value (1).
                let mut t = Fields::new(type_proto);
                while let Some((1, Value::Bytes(tensor))) = t.next_field()? {
                    let mut tf = Fields::new(tensor);
                    while let Some((field, value)) = tf.next_field()? {
                        if let (2, Value::Bytes(shape)) = (field, value) {
                            let mut sf = Fields::new(shape);
                            while let Some((field, value)) = sf.next_field()? {
                                if let (1, Value::Bytes(dim)) = (field, value) {
                                    let mut df = Fields::new(dim);
                                    width = None;
                                    while let Some((field, value)) = df.next_field()? {
                                        if let (1, Value::Varint(d)) = (field, value) {
                                            width = usize::try_from(d).ok();
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok((name, width))
}

/// What the reader takes from a model file.
struct Model {
    nodes: Vec<Node>,
    initializers: Vec<Tensor>,
    inputs: Vec<(String, Option<usize>)>,
    outputs: Vec<(String, Option<usize>)>,
    metadata: Vec<(String, String)>,
}

fn parse_model(bytes: &[u8]) -> Result<Model, OnnxError> {
    let mut model = Model {
        nodes: Vec::new(),
        initializers: Vec::new(),
        inputs: Vec::new(),
        outputs: Vec::new(),
        metadata: Vec::new(),
    };
    let mut graph = None;
    let mut f = Fields::new(bytes);
    while let Some((field, value)) = f.next_field()? {
        match (field, value) {
            (7, Value::Bytes(b)) => graph = Some(b),
            (14, Value::Bytes(b)) => {
                let (mut key, mut val) = (String::new(), String::new());
                let mut e = Fields::new(b);
                while let Some((field, value)) = e.next_field()? {
                    match (field, value) {
                        (1, Value::Bytes(b)) => key = text(b)?,
                        (2, Value::Bytes(b)) => val = text(b)?,
                        _ => {}
                    }
                }
                model.metadata.push((key, val));
            }
            _ => {}
        }
    }
    let Some(graph) = graph else {
        return fail("no graph in the file");
    };
    let mut g = Fields::new(graph);
    while let Some((field, value)) = g.next_field()? {
        match (field, value) {
            (1, Value::Bytes(b)) => model.nodes.push(parse_node(b)?),
            (5, Value::Bytes(b)) => model.initializers.push(parse_tensor(b)?),
            (11, Value::Bytes(b)) => model.inputs.push(parse_value_info(b)?),
            (12, Value::Bytes(b)) => model.outputs.push(parse_value_info(b)?),
            _ => {}
        }
    }
    Ok(model)
}

// ---------------------------------------------------------------------------------------------
// The compiled plan.

/// Element-wise functions.
#[derive(Clone, Copy, Debug)]
enum Activation {
    Relu,
    LeakyRelu(f32),
    Tanh,
    Sigmoid,
}

/// One step of the plan. Slots hold `rows × width` row-major matrices.
#[derive(Clone, Debug)]
enum Step {
    /// `out = x · wᵀ + b`, `w` being `outputs × inputs` row-major (one row per output).
    Dense {
        x: usize,
        out: usize,
        inputs: usize,
        w: Vec<f32>,
        /// The same weights one column per input (`inputs × outputs`): a row that is mostly
        /// zeros (observations are mostly 0/1 flags) adds only the columns of its non-zeros.
        columns: Vec<f32>,
        b: Vec<f32>,
    },
    /// `out = x + c` or `x * c`, `c` broadcast along rows (`width` values) or a scalar.
    Constant {
        x: usize,
        out: usize,
        c: Vec<f32>,
        multiply: bool,
        subtract_from: bool,
    },
    /// `out = a ± b` or `a * b`, same shapes.
    Binary {
        a: usize,
        b: usize,
        out: usize,
        op: char,
    },
    Activate {
        x: usize,
        out: usize,
        f: Activation,
    },
    /// Softmax (or its log) along each row.
    Softmax {
        x: usize,
        out: usize,
        log: bool,
    },
    Copy {
        x: usize,
        out: usize,
    },
}

/// A slot's content at plan time: a value computed per row of `width`, or a constant.
#[derive(Clone, Debug)]
enum Known {
    Rows(usize),
    Constant(Tensor),
}

/// A compiled feed-forward network with one input and its named outputs.
#[derive(Clone, Debug)]
pub struct Graph {
    steps: Vec<Step>,
    widths: Vec<usize>,
    /// The slot the input rows are copied into.
    input_slot: usize,
    input_width: usize,
    outputs: Vec<(String, usize)>,
    metadata: Vec<(String, String)>,
}

/// Reusable buffers for running a network ([`crate::Network::evaluate_batch`]).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    slots: Vec<Vec<f32>>,
    /// The non-zero features of the row a dense layer reads: `(index, value)`.
    non_zero: Vec<(u32, f32)>,
    /// The same features grouped by partial sum (see [`Layer::run`]).
    by_lane: Vec<(u32, f32)>,
}

fn activation(op: &str, node: &Node) -> Option<Activation> {
    Some(match op {
        "Relu" => Activation::Relu,
        "LeakyRelu" => Activation::LeakyRelu(node.float("alpha", 0.01)),
        "Tanh" => Activation::Tanh,
        "Sigmoid" => Activation::Sigmoid,
        _ => return None,
    })
}

impl Graph {
    /// Reads and compiles a model from the bytes of an ONNX file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Graph, OnnxError> {
        let model = parse_model(bytes)?;
        let mut known: HashMap<String, usize> = HashMap::new();
        let mut slots: Vec<Known> = Vec::new();
        for t in &model.initializers {
            known.insert(t.name.clone(), slots.len());
            slots.push(Known::Constant(t.clone()));
        }
        let inputs: Vec<&(String, Option<usize>)> = model
            .inputs
            .iter()
            .filter(|(name, _)| !known.contains_key(name))
            .collect();
        let [(input_name, input_width)] = inputs[..] else {
            return fail(format!(
                "the graph has {} inputs: a player network reads one observation vector",
                inputs.len()
            ));
        };
        let Some(input_width) = *input_width else {
            return fail(format!(
                "input `{input_name}` has no fixed feature count (its last dimension)"
            ));
        };
        let input_slot = slots.len();
        known.insert(input_name.clone(), slots.len());
        slots.push(Known::Rows(input_width));
        let mut steps = Vec::new();
        for node in &model.nodes {
            if !node.domain.is_empty() && node.domain != "ai.onnx" {
                return fail(format!(
                    "operator {}::{} is not supported",
                    node.domain, node.op
                ));
            }
            let input = |k: usize| -> Result<usize, OnnxError> {
                let name = node.inputs.get(k).filter(|n| !n.is_empty());
                let Some(name) = name else {
                    return fail(format!("{} node without input {k}", node.op));
                };
                known
                    .get(name)
                    .copied()
                    .ok_or_else(|| OnnxError(format!("{} reads unknown value `{name}`", node.op)))
            };
            let rows = |slot: usize, slots: &[Known]| -> Result<usize, OnnxError> {
                match &slots[slot] {
                    Known::Rows(w) => Ok(*w),
                    Known::Constant(_) => fail(format!(
                        "{} on constants only is not supported (fold constants when exporting)",
                        node.op
                    )),
                }
            };
            let out = slots.len();
            let op = node.op.as_str();
            let width = match op {
                "Constant" => {
                    let Some(Attribute::Tensor(t)) = node.attributes.get("value") else {
                        return fail("Constant node without a tensor `value`");
                    };
                    slots.push(Known::Constant(t.clone()));
                    known.insert(node.outputs.first().cloned().unwrap_or_default(), out);
                    continue;
                }
                "Transpose" => {
                    // Only of a constant (a weight matrix the exporter did not pre-transpose).
                    let x = input(0)?;
                    let Known::Constant(t) = &slots[x] else {
                        return fail("Transpose of computed values is not supported");
                    };
                    let swap = match node.attributes.get("perm") {
                        None => true,
                        Some(Attribute::Ints(p)) => p[..] == [1, 0],
                        Some(_) => false,
                    };
                    if t.dims.len() != 2 || !swap {
                        return fail(format!("Transpose of shape {:?} is not supported", t.dims));
                    }
                    let (r, c) = (t.dims[0], t.dims[1]);
                    let mut data = vec![0.0; r * c];
                    for i in 0..r {
                        for j in 0..c {
                            data[j * r + i] = t.data[i * c + j];
                        }
                    }
                    let transposed = Tensor {
                        name: String::new(),
                        dims: vec![c, r],
                        data,
                    };
                    slots.push(Known::Constant(transposed));
                    known.insert(node.outputs.first().cloned().unwrap_or_default(), out);
                    continue;
                }
                "Gemm" | "MatMul" => {
                    let x = input(0)?;
                    let inputs_w = rows(x, &slots)?;
                    let Known::Constant(w) = &slots[input(1)?] else {
                        return fail(format!(
                            "{op} with a computed weight matrix is not supported"
                        ));
                    };
                    let (trans_a, trans_b) = if op == "Gemm" {
                        (node.int("transA", 0), node.int("transB", 0))
                    } else {
                        (0, 0)
                    };
                    let (alpha, beta) = if op == "Gemm" {
                        (node.float("alpha", 1.0), node.float("beta", 1.0))
                    } else {
                        (1.0, 1.0)
                    };
                    if trans_a != 0 || w.dims.len() != 2 {
                        return fail(format!(
                            "{op} with transA or a weight of shape {:?} is not supported",
                            w.dims
                        ));
                    }
                    let (k, n) = if trans_b != 0 {
                        (w.dims[1], w.dims[0])
                    } else {
                        (w.dims[0], w.dims[1])
                    };
                    if k != inputs_w {
                        return fail(format!(
                            "{op} `{}` multiplies {inputs_w} features by a {k}-row matrix",
                            node.outputs.first().cloned().unwrap_or_default()
                        ));
                    }
                    // One row of `n`-major weights per output.
                    let mut wt = vec![0.0; n * k];
                    for o in 0..n {
                        for i in 0..k {
                            let v = if trans_b != 0 {
                                w.data[o * k + i]
                            } else {
                                w.data[i * n + o]
                            };
                            wt[o * k + i] = alpha * v;
                        }
                    }
                    let mut b = vec![0.0; n];
                    if let (true, Ok(c)) = (op == "Gemm", input(2)) {
                        let Known::Constant(c) = &slots[c] else {
                            return fail("Gemm with a computed bias is not supported");
                        };
                        match c.data.len() {
                            1 => b.fill(beta * c.data[0]),
                            len if len == n => {
                                b.iter_mut().zip(&c.data).for_each(|(b, c)| *b = beta * c)
                            }
                            len => {
                                return fail(format!("Gemm bias of {len} values for {n} outputs"))
                            }
                        }
                    }
                    // The runtime skips zero features, which only finite weights allow.
                    if let Some(v) = wt.iter().chain(&b).find(|v| !v.is_finite()) {
                        return fail(format!(
                            "{op} `{}` has a weight or bias of {v}: a network's must be finite",
                            node.outputs.first().cloned().unwrap_or_default()
                        ));
                    }
                    let mut columns = vec![0.0; n * k];
                    for o in 0..n {
                        for i in 0..k {
                            columns[i * n + o] = wt[o * k + i];
                        }
                    }
                    steps.push(Step::Dense {
                        x,
                        out,
                        inputs: k,
                        w: wt,
                        columns,
                        b,
                    });
                    n
                }
                "Add" | "Sub" | "Mul" => {
                    let (a, b) = (input(0)?, input(1)?);
                    let symbol = match op {
                        "Add" => '+',
                        "Sub" => '-',
                        _ => '*',
                    };
                    match (&slots[a], &slots[b]) {
                        (Known::Rows(wa), Known::Rows(wb)) => {
                            if wa != wb {
                                return fail(format!("{op} of widths {wa} and {wb}"));
                            }
                            steps.push(Step::Binary {
                                a,
                                b,
                                out,
                                op: symbol,
                            });
                            *wa
                        }
                        (Known::Rows(w), Known::Constant(c))
                        | (Known::Constant(c), Known::Rows(w)) => {
                            let w = *w;
                            if c.data.len() != 1 && c.data.len() != w {
                                return fail(format!(
                                    "{op} of {w} features and a constant of shape {:?}",
                                    c.dims
                                ));
                            }
                            let constant_first = matches!(slots[a], Known::Constant(_));
                            let x = if constant_first { b } else { a };
                            // A scalar is spread over the row, so the run has one loop.
                            let mut c = if c.data.len() == 1 {
                                vec![c.data[0]; w]
                            } else {
                                c.data.clone()
                            };
                            if symbol == '-' && !constant_first {
                                c.iter_mut().for_each(|v| *v = -*v);
                            }
                            steps.push(Step::Constant {
                                x,
                                out,
                                c,
                                multiply: symbol == '*',
                                subtract_from: symbol == '-' && constant_first,
                            });
                            w
                        }
                        _ => return fail(format!("{op} on constants only is not supported")),
                    }
                }
                "Relu" | "LeakyRelu" | "Tanh" | "Sigmoid" => {
                    let x = input(0)?;
                    let w = rows(x, &slots)?;
                    let f = activation(op, node).expect("listed");
                    steps.push(Step::Activate { x, out, f });
                    w
                }
                "Softmax" | "LogSoftmax" => {
                    let x = input(0)?;
                    let w = rows(x, &slots)?;
                    let axis = node.int("axis", -1);
                    if axis != -1 && axis != 1 {
                        return fail(format!("{op} along axis {axis} is not supported"));
                    }
                    steps.push(Step::Softmax {
                        x,
                        out,
                        log: op == "LogSoftmax",
                    });
                    w
                }
                "Identity" | "Flatten" | "Dropout" => {
                    let x = input(0)?;
                    let w = rows(x, &slots)?;
                    steps.push(Step::Copy { x, out });
                    w
                }
                _ => {
                    return fail(format!(
                        "operator {op} is not supported (the bots run feed-forward networks of \
                         Gemm, MatMul, Add, Sub, Mul, Relu, LeakyRelu, Tanh, Sigmoid, Softmax, \
                         LogSoftmax, Identity, Flatten)"
                    ))
                }
            };
            slots.push(Known::Rows(width));
            for name in node.outputs.iter().take(1) {
                known.insert(name.clone(), out);
            }
        }
        let mut outputs = Vec::new();
        for (name, _) in &model.outputs {
            let Some(&slot) = known.get(name) else {
                return fail(format!("output `{name}` is computed by no node"));
            };
            if !matches!(slots[slot], Known::Rows(..)) {
                return fail(format!("output `{name}` is a constant"));
            }
            outputs.push((name.clone(), slot));
        }
        let widths = slots
            .iter()
            .map(|k| match k {
                Known::Rows(w) => *w,
                Known::Constant(_) => 0,
            })
            .collect();
        Ok(Graph {
            steps,
            widths,
            input_slot,
            input_width,
            outputs,
            metadata: model.metadata,
        })
    }

    /// Features per input row.
    pub fn input_width(&self) -> usize {
        self.input_width
    }

    /// The names of the outputs, in file order.
    pub fn output_names(&self) -> Vec<&str> {
        self.outputs.iter().map(|(s, _)| s.as_str()).collect()
    }

    /// Values per row of output `name`, if there is one.
    pub fn output_width(&self, name: &str) -> Option<usize> {
        self.output_slot(name).map(|s| self.widths[s])
    }

    fn output_slot(&self, name: &str) -> Option<usize> {
        self.outputs
            .iter()
            .find(|(s, _)| s == name)
            .map(|&(_, slot)| slot)
    }

    /// The file's metadata entry `key`.
    pub fn metadata(&self, key: &str) -> Option<&str> {
        self.metadata
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Runs `rows` rows of `input` (`rows * input_width` values) through the network; the
    /// outputs are then read with [`Graph::output`].
    pub fn run(&self, input: &[f32], rows: usize, scratch: &mut Scratch) {
        debug_assert_eq!(input.len(), rows * self.input_width);
        let slot = self.input_mut(scratch, rows);
        slot.copy_from_slice(input);
        self.run_steps(rows, scratch, None, Arithmetic::Fast);
    }

    /// The buffer of `rows` input rows in `scratch`, to write an observation into before
    /// [`Graph::run_one_selected`] (no copy).
    pub fn input_mut<'s>(&self, scratch: &'s mut Scratch, rows: usize) -> &'s mut [f32] {
        let slots = &mut scratch.slots;
        if slots.len() < self.widths.len() {
            slots.resize(self.widths.len(), Vec::new());
        }
        let input = &mut slots[self.input_slot];
        input.resize(rows * self.input_width, 0.0);
        &mut input[..]
    }

    /// [`Graph::run`] with the plain arithmetic of the first runtime (one dot product per
    /// output of a dense layer): slower, the same values to the last bit. Kept to check the
    /// fast arithmetic against.
    #[cfg(test)]
    pub fn run_reference(&self, input: &[f32], rows: usize, scratch: &mut Scratch) {
        self.input_mut(scratch, rows).copy_from_slice(input);
        self.run_steps(rows, scratch, None, Arithmetic::Reference);
    }

    /// [`Graph::run`] of the row written into [`Graph::input_mut`], computing of output
    /// `name` only the values at `indices` when a dense layer writes that output directly: a
    /// search needs the logits of the legal actions only, a few of the action space. Returns
    /// true when it did: the output then holds those values in the order of `indices`.
    /// Otherwise (false) the whole output was computed.
    pub fn run_one_selected(&self, scratch: &mut Scratch, name: &str, indices: &[u32]) -> bool {
        let selected = self.selection(name, indices);
        self.run_steps(1, scratch, selected, Arithmetic::Fast);
        selected.is_some()
    }

    /// [`Graph::run_one_selected`] of `input` with the plain arithmetic ([`Layer::run_reference`]).
    pub fn run_one_selected_reference(
        &self,
        input: &[f32],
        scratch: &mut Scratch,
        name: &str,
        indices: &[u32],
    ) -> bool {
        self.input_mut(scratch, 1).copy_from_slice(input);
        let selected = self.selection(name, indices);
        self.run_steps(1, scratch, selected, Arithmetic::Reference);
        selected.is_some()
    }

    /// The slot of output `name` and `indices`, when a dense layer writes that output
    /// directly and every index is in range.
    fn selection<'i>(&self, name: &str, indices: &'i [u32]) -> Option<(usize, &'i [u32])> {
        let slot = self.output_slot(name)?;
        let direct = self
            .steps
            .iter()
            .any(|s| matches!(s, Step::Dense { out, .. } if *out == slot))
            && indices.iter().all(|&i| (i as usize) < self.widths[slot]);
        direct.then_some((slot, indices))
    }

    fn run_steps(
        &self,
        rows: usize,
        scratch: &mut Scratch,
        selected: Option<(usize, &[u32])>,
        arithmetic: Arithmetic,
    ) {
        let Scratch {
            slots,
            non_zero,
            by_lane,
        } = scratch;
        if slots.len() < self.widths.len() {
            slots.resize(self.widths.len(), Vec::new());
        }
        debug_assert_eq!(slots[self.input_slot].len(), rows * self.input_width);
        for step in &self.steps {
            match step {
                Step::Dense {
                    x,
                    out,
                    inputs,
                    w,
                    columns,
                    b,
                } => {
                    let (src, dst) = two(slots, *x, *out);
                    let indices = selected.filter(|&(s, _)| s == *out).map(|(_, i)| i);
                    let layer = Layer {
                        inputs: *inputs,
                        w,
                        columns,
                        b,
                    };
                    match arithmetic {
                        Arithmetic::Fast => layer.run(src, rows, dst, indices, non_zero, by_lane),
                        Arithmetic::Reference => layer.run_reference(src, rows, dst, indices),
                    }
                }
                Step::Constant {
                    x,
                    out,
                    c,
                    multiply,
                    subtract_from,
                } => {
                    let (src, dst) = two(slots, *x, *out);
                    dst.clear();
                    dst.extend_from_slice(src);
                    // `c` has one value per feature (a scalar was spread when compiled).
                    for row in dst.chunks_exact_mut(c.len()) {
                        let pairs = row.iter_mut().zip(c);
                        match (multiply, subtract_from) {
                            (true, _) => pairs.for_each(|(v, k)| *v *= k),
                            (false, true) => pairs.for_each(|(v, k)| *v = k - *v),
                            (false, false) => pairs.for_each(|(v, k)| *v += k),
                        }
                    }
                }
                Step::Binary { a, b, out, op } => {
                    let mut result = std::mem::take(&mut slots[*out]);
                    result.clear();
                    let pairs = slots[*a].iter().zip(&slots[*b]);
                    match op {
                        '+' => result.extend(pairs.map(|(x, y)| x + y)),
                        '-' => result.extend(pairs.map(|(x, y)| x - y)),
                        _ => result.extend(pairs.map(|(x, y)| x * y)),
                    }
                    slots[*out] = result;
                }
                Step::Activate { x, out, f } => {
                    let (src, dst) = two(slots, *x, *out);
                    dst.clear();
                    match *f {
                        Activation::Relu => dst.extend(src.iter().map(|&v| v.max(0.0))),
                        Activation::LeakyRelu(a) => {
                            dst.extend(src.iter().map(|&v| if v >= 0.0 { v } else { a * v }))
                        }
                        Activation::Tanh => dst.extend(src.iter().map(|&v| v.tanh())),
                        Activation::Sigmoid => {
                            dst.extend(src.iter().map(|&v| 1.0 / (1.0 + (-v).exp())))
                        }
                    }
                }
                Step::Softmax { x, out, log } => {
                    let (src, dst) = two(slots, *x, *out);
                    dst.clear();
                    dst.extend_from_slice(src);
                    for row in dst.chunks_exact_mut(self.widths[*out]) {
                        softmax(row, *log);
                    }
                }
                Step::Copy { x, out } => {
                    let (src, dst) = two(slots, *x, *out);
                    dst.clear();
                    dst.extend_from_slice(src);
                }
            }
        }
    }

    /// Output `name` of the last [`Graph::run`]: `rows × width` values.
    pub fn output<'s>(&self, name: &str, scratch: &'s Scratch) -> &'s [f32] {
        match self.output_slot(name) {
            Some(slot) => &scratch.slots[slot],
            None => &[],
        }
    }
}

/// Which arithmetic a run uses; both give the same values to the last bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arithmetic {
    /// Over the non-zero features only, column by column ([`Layer::run`]).
    Fast,
    /// One dot product per output ([`Layer::run_reference`]).
    Reference,
}

/// A dense layer's weights, borrowed from its [`Step::Dense`].
struct Layer<'a> {
    inputs: usize,
    /// One row of `inputs` weights per output.
    w: &'a [f32],
    /// One row of outputs' weights per input.
    columns: &'a [f32],
    b: &'a [f32],
}

impl Layer<'_> {
    /// `rows` rows of `src` through the layer into `dst`; of one row, only the outputs at
    /// `indices` when given, in that order.
    ///
    /// The values are [`Layer::run_reference`]'s to the last bit, computed over the row's
    /// non-zero features only (a zero feature times a finite weight adds exactly nothing,
    /// and weights are checked finite when the file is read), one weight column at a time:
    /// each feature adds its value times its column to a row of outputs, contiguous
    /// multiply-adds that vectorize. A row with few non-zero features (under a quarter:
    /// observations are mostly 0/1 flags) adds its columns to the bias in feature order, as
    /// the reference does; any other row keeps the reference's eight partial sums per output
    /// (feature `i` into sum `i % 8`), which are then added in order, the features past the
    /// last multiple of 8 added last, and the bias last of all.
    ///
    /// Compiled for AVX2 where the processor has it (twice the width of the SSE2 every
    /// x86-64 processor has, which is all a portable build may assume). Rust never fuses a
    /// multiply and an add, so every processor computes the same values.
    fn run(
        &self,
        src: &[f32],
        rows: usize,
        dst: &mut Vec<f32>,
        indices: Option<&[u32]>,
        non_zero: &mut Vec<(u32, f32)>,
        by_lane: &mut Vec<(u32, f32)>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has the feature the function is compiled for.
            return unsafe { self.run_avx2(src, rows, dst, indices, non_zero, by_lane) };
        }
        self.run_portable(src, rows, dst, indices, non_zero, by_lane);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn run_avx2(
        &self,
        src: &[f32],
        rows: usize,
        dst: &mut Vec<f32>,
        indices: Option<&[u32]>,
        non_zero: &mut Vec<(u32, f32)>,
        by_lane: &mut Vec<(u32, f32)>,
    ) {
        self.run_portable(src, rows, dst, indices, non_zero, by_lane);
    }

    #[inline(always)]
    fn run_portable(
        &self,
        src: &[f32],
        rows: usize,
        dst: &mut Vec<f32>,
        indices: Option<&[u32]>,
        non_zero: &mut Vec<(u32, f32)>,
        by_lane: &mut Vec<(u32, f32)>,
    ) {
        let (inputs, b) = (self.inputs, self.b);
        let outputs = b.len();
        dst.clear();
        if let Some(indices) = indices {
            dst.extend(
                indices
                    .iter()
                    .map(|&i| self.reference_output(src, i as usize)),
            );
            return;
        }
        dst.resize(rows * outputs, 0.0);
        // The features below `full` go to the eight partial sums; the rest come last.
        let full = inputs / 8 * 8;
        for (row, out) in src
            .chunks_exact(inputs)
            .zip(dst.chunks_exact_mut(outputs))
            .take(rows)
        {
            // The non-zero features, in order: eight at a time, a bit per non-zero.
            non_zero.clear();
            for (c, chunk) in row.chunks(8).enumerate() {
                let mut bits = 0u32;
                for (k, &v) in chunk.iter().enumerate() {
                    bits |= u32::from(v != 0.0) << k;
                }
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    non_zero.push(((c * 8 + k) as u32, chunk[k]));
                    bits &= bits - 1;
                }
            }
            if non_zero.len() * 4 < inputs {
                self.add_columns::<32>(non_zero, out, 0);
                continue;
            }
            if outputs < 8 {
                // Too few outputs to vectorize across: the reference's dot products.
                for (o, value) in out.iter_mut().enumerate() {
                    *value = self.reference_output(row, o);
                }
                continue;
            }
            // The features of each partial sum together, in feature order, then the rest.
            let split = non_zero.partition_point(|&(i, _)| (i as usize) < full);
            let mut starts = [0usize; 9];
            for &(i, _) in &non_zero[..split] {
                starts[i as usize % 8 + 1] += 1;
            }
            for lane in 0..8 {
                starts[lane + 1] += starts[lane];
            }
            by_lane.clear();
            by_lane.resize(non_zero.len(), (0, 0.0));
            let mut at = starts;
            for &(i, v) in &non_zero[..split] {
                let lane = i as usize % 8;
                by_lane[at[lane]] = (i, v);
                at[lane] += 1;
            }
            by_lane[split..].copy_from_slice(&non_zero[split..]);
            self.add_lanes::<32>(by_lane, &starts, out, 0);
        }
    }

    /// A sparse row's outputs from `first` on, `B` at a time (in registers): the bias, then
    /// each non-zero feature's value times its column, in feature order.
    #[inline(always)]
    fn add_columns<const B: usize>(&self, non_zero: &[(u32, f32)], out: &mut [f32], first: usize) {
        let outputs = self.b.len();
        let mut o = first;
        while o + B <= outputs {
            let mut acc: [f32; B] = self.b[o..o + B].try_into().expect("B values");
            for &(i, v) in non_zero {
                let column = &self.columns[i as usize * outputs + o..][..B];
                for k in 0..B {
                    acc[k] += v * column[k];
                }
            }
            out[o..o + B].copy_from_slice(&acc);
            o += B;
        }
        match B {
            32 => self.add_columns::<8>(non_zero, out, o),
            8 => self.add_columns::<1>(non_zero, out, o),
            _ => {}
        }
    }

    /// A dense row's outputs from `first` on, `B` at a time (in registers): partial sum
    /// `lane` adds `by_lane[starts[lane]..starts[lane + 1]]`, the sums are added in order,
    /// then the features past them (`by_lane[starts[8]..]`), then the bias.
    #[inline(always)]
    fn add_lanes<const B: usize>(
        &self,
        by_lane: &[(u32, f32)],
        starts: &[usize; 9],
        out: &mut [f32],
        first: usize,
    ) {
        let outputs = self.b.len();
        let mut o = first;
        while o + B <= outputs {
            let mut sum = [0.0f32; B];
            for lane in 0..8 {
                let mut acc = [0.0f32; B];
                for &(i, v) in &by_lane[starts[lane]..starts[lane + 1]] {
                    let column = &self.columns[i as usize * outputs + o..][..B];
                    for k in 0..B {
                        acc[k] += v * column[k];
                    }
                }
                if lane == 0 {
                    sum = acc;
                } else {
                    for k in 0..B {
                        sum[k] += acc[k];
                    }
                }
            }
            for &(i, v) in &by_lane[starts[8]..] {
                let column = &self.columns[i as usize * outputs + o..][..B];
                for k in 0..B {
                    sum[k] += v * column[k];
                }
            }
            for k in 0..B {
                out[o + k] = self.b[o + k] + sum[k];
            }
            o += B;
        }
        match B {
            32 => self.add_lanes::<8>(by_lane, starts, out, o),
            8 => self.add_lanes::<1>(by_lane, starts, out, o),
            _ => {}
        }
    }

    /// Output `o` of one row, as the reference computes it: the bias plus a dot product.
    #[inline(always)]
    fn reference_output(&self, row: &[f32], o: usize) -> f32 {
        self.b[o] + dot(row, &self.w[o * self.inputs..(o + 1) * self.inputs])
    }

    /// The plain arithmetic: a row with fewer than a quarter of its features non-zero adds the
    /// weight columns of those to the bias in feature order; any other row takes one dot
    /// product per output; selected outputs (`indices`) are always dot products.
    fn run_reference(&self, src: &[f32], rows: usize, dst: &mut Vec<f32>, indices: Option<&[u32]>) {
        let (inputs, b) = (self.inputs, self.b);
        dst.clear();
        if let Some(indices) = indices {
            dst.extend(
                indices
                    .iter()
                    .map(|&i| self.reference_output(src, i as usize)),
            );
            return;
        }
        for row in src.chunks_exact(inputs).take(rows) {
            let non_zero = row.iter().filter(|&&v| v != 0.0).count();
            if non_zero * 4 < inputs {
                let start = dst.len();
                dst.extend_from_slice(b);
                let out_row = &mut dst[start..];
                for (column, &v) in self.columns.chunks_exact(b.len()).zip(row) {
                    if v != 0.0 {
                        out_row
                            .iter_mut()
                            .zip(column)
                            .for_each(|(o, c)| *o += v * c);
                    }
                }
                continue;
            }
            for o in 0..b.len() {
                dst.push(self.reference_output(row, o));
            }
        }
    }
}

/// Mutable access to two distinct slots.
fn two(slots: &mut [Vec<f32>], src: usize, dst: usize) -> (&Vec<f32>, &mut Vec<f32>) {
    debug_assert_ne!(src, dst);
    if src < dst {
        let (a, b) = slots.split_at_mut(dst);
        (&a[src], &mut b[0])
    } else {
        let (a, b) = slots.split_at_mut(src);
        (&b[0], &mut a[dst])
    }
}

/// A dot product in eight lanes, which the compiler turns into vector instructions.
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    let mut sum: f32 = lanes.iter().sum();
    for (x, y) in ra.iter().zip(rb) {
        sum += x * y;
    }
    sum
}

/// Softmax (or log-softmax) of `row` in place.
pub fn softmax(row: &mut [f32], log: bool) {
    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !max.is_finite() {
        let uniform = 1.0 / row.len() as f32;
        row.iter_mut()
            .for_each(|v| *v = if log { uniform.ln() } else { uniform });
        return;
    }
    let mut sum = 0.0;
    for v in row.iter_mut() {
        *v = (*v - max).exp();
        sum += *v;
    }
    for v in row.iter_mut() {
        *v = if log { (*v / sum).ln() } else { *v / sum };
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A minimal protobuf writer for building model files in tests.
    #[derive(Default)]
    pub(crate) struct Message(pub Vec<u8>);

    impl Message {
        fn varint(&mut self, mut v: u64) {
            loop {
                let b = (v & 0x7f) as u8;
                v >>= 7;
                if v == 0 {
                    self.0.push(b);
                    return;
                }
                self.0.push(b | 0x80);
            }
        }
        pub fn int(mut self, field: u64, v: u64) -> Self {
            self.varint(field << 3);
            self.varint(v);
            self
        }
        pub fn bytes(mut self, field: u64, b: &[u8]) -> Self {
            self.varint((field << 3) | 2);
            self.varint(b.len() as u64);
            self.0.extend_from_slice(b);
            self
        }
        pub fn text(self, field: u64, s: &str) -> Self {
            self.bytes(field, s.as_bytes())
        }
    }

    pub(crate) fn tensor(name: &str, dims: &[usize], data: &[f32]) -> Vec<u8> {
        let mut m = Message::default();
        for &d in dims {
            m = m.int(1, d as u64);
        }
        let raw: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
        m.int(2, 1).text(8, name).bytes(9, &raw).0
    }

    pub(crate) fn node(op: &str, inputs: &[&str], output: &str, attrs: &[Vec<u8>]) -> Vec<u8> {
        let mut m = Message::default();
        for i in inputs {
            m = m.text(1, i);
        }
        m = m.text(2, output).text(4, op);
        for a in attrs {
            m = m.bytes(5, a);
        }
        m.0
    }

    pub(crate) fn value_info(name: &str, width: usize) -> Vec<u8> {
        let batch = Message::default().text(2, "batch").0;
        let feat = Message::default().int(1, width as u64).0;
        let shape = Message::default().bytes(1, &batch).bytes(1, &feat).0;
        let tensor = Message::default().int(1, 1).bytes(2, &shape).0;
        let ty = Message::default().bytes(1, &tensor).0;
        Message::default().text(1, name).bytes(2, &ty).0
    }

    /// A policy-and-value MLP file as `torch.onnx.export` writes one: x -> Gemm(transB) ->
    /// Relu -> {Gemm -> policy, Gemm -> Softmax -> value}, with the given metadata.
    pub(crate) fn mlp_file(
        obs: usize,
        hidden: usize,
        actions: usize,
        players: usize,
        metadata: &[(&str, &str)],
    ) -> Vec<u8> {
        let w = |rows: usize, cols: usize, k: f32| -> Vec<f32> {
            (0..rows * cols)
                .map(|i| ((i as f32 * 0.37 + k).sin()) * 0.5)
                .collect()
        };
        let trans_b = Message::default().text(1, "transB").int(3, 1).int(20, 2).0;
        let axis = Message::default().text(1, "axis").int(3, 1).int(20, 2).0;
        let graph = Message::default()
            .bytes(
                1,
                &node(
                    "Gemm",
                    &["observation", "w1", "b1"],
                    "h",
                    std::slice::from_ref(&trans_b),
                ),
            )
            .bytes(1, &node("Relu", &["h"], "r", &[]))
            .bytes(
                1,
                &node(
                    "Gemm",
                    &["r", "wp", "bp"],
                    "policy",
                    std::slice::from_ref(&trans_b),
                ),
            )
            .bytes(1, &node("Gemm", &["r", "wv", "bv"], "v", &[trans_b]))
            .bytes(1, &node("Softmax", &["v"], "value", &[axis]))
            .bytes(5, &tensor("w1", &[hidden, obs], &w(hidden, obs, 0.1)))
            .bytes(5, &tensor("b1", &[hidden], &w(1, hidden, 0.2)))
            .bytes(
                5,
                &tensor("wp", &[actions, hidden], &w(actions, hidden, 0.3)),
            )
            .bytes(5, &tensor("bp", &[actions], &w(1, actions, 0.4)))
            .bytes(
                5,
                &tensor("wv", &[players, hidden], &w(players, hidden, 0.5)),
            )
            .bytes(5, &tensor("bv", &[players], &w(1, players, 0.6)))
            .bytes(11, &value_info("observation", obs))
            .bytes(12, &value_info("policy", actions))
            .bytes(12, &value_info("value", players));
        let mut model = Message::default().int(1, 8).bytes(7, &graph.0);
        for (k, v) in metadata {
            model = model.bytes(14, &Message::default().text(1, k).text(2, v).0);
        }
        model.0
    }

    #[test]
    fn runs_an_exported_mlp_like_the_reference_arithmetic() {
        let file = mlp_file(5, 4, 3, 2, &[("wonders.game", "duel")]);
        let g = Graph::from_bytes(&file).unwrap();
        assert_eq!(g.input_width(), 5);
        assert_eq!(g.output_width("policy"), Some(3));
        assert_eq!(g.output_width("value"), Some(2));
        assert_eq!(g.metadata("wonders.game"), Some("duel"));
        let x = [0.5, -1.0, 2.0, 0.0, 1.5, 1.0, 1.0, 1.0, 1.0, 1.0];
        let mut s = Scratch::default();
        g.run(&x, 2, &mut s);
        // The same network by hand.
        let w = |rows: usize, cols: usize, k: f32| -> Vec<f32> {
            (0..rows * cols)
                .map(|i| ((i as f32 * 0.37 + k).sin()) * 0.5)
                .collect()
        };
        let (w1, b1, wp, bp, wv, bv) = (
            w(4, 5, 0.1),
            w(1, 4, 0.2),
            w(3, 4, 0.3),
            w(1, 3, 0.4),
            w(2, 4, 0.5),
            w(1, 2, 0.6),
        );
        for row in 0..2 {
            let xr = &x[row * 5..row * 5 + 5];
            let h: Vec<f32> = (0..4)
                .map(|o| (b1[o] + (0..5).map(|i| w1[o * 5 + i] * xr[i]).sum::<f32>()).max(0.0))
                .collect();
            for a in 0..3 {
                let p = bp[a] + (0..4).map(|i| wp[a * 4 + i] * h[i]).sum::<f32>();
                assert!((g.output("policy", &s)[row * 3 + a] - p).abs() < 1e-5);
            }
            let v: Vec<f32> = (0..2)
                .map(|a| bv[a] + (0..4).map(|i| wv[a * 4 + i] * h[i]).sum::<f32>())
                .collect();
            let e0 = 1.0 / (1.0 + (v[1] - v[0]).exp());
            let value = &g.output("value", &s)[row * 2..row * 2 + 2];
            assert!((value[0] - e0).abs() < 1e-5 && (value[0] + value[1] - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn sparse_rows_give_the_dense_products() {
        let g = Graph::from_bytes(&mlp_file(40, 16, 6, 3, &[])).unwrap();
        let mut x = vec![0.0; 80];
        (x[3], x[17], x[39]) = (1.0, 2.5, -1.0);
        x[40..]
            .iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = i as f32 * 0.1);
        x[43] = 1.0;
        let (mut together, mut alone) = (Scratch::default(), Scratch::default());
        g.run(&x, 2, &mut together);
        let mut dense_row = x[..40].to_vec();
        // The same row with tiny non-zeros takes the dense path.
        dense_row
            .iter_mut()
            .filter(|v| **v == 0.0)
            .for_each(|v| *v = 1e-30);
        g.run(&dense_row, 1, &mut alone);
        let (a, b) = (g.output("policy", &together), g.output("policy", &alone));
        for k in 0..6 {
            assert!((a[k] - b[k]).abs() < 1e-5, "{k}: {} {}", a[k], b[k]);
        }
    }

    #[test]
    fn selected_outputs_match_the_full_run() {
        let g = Graph::from_bytes(&mlp_file(5, 4, 6, 2, &[])).unwrap();
        let x = [0.5, -1.0, 2.0, 0.0, 1.5];
        let (mut full, mut part) = (Scratch::default(), Scratch::default());
        g.run(&x, 1, &mut full);
        g.input_mut(&mut part, 1).copy_from_slice(&x);
        assert!(g.run_one_selected(&mut part, "policy", &[4, 1]));
        let (f, p) = (g.output("policy", &full), g.output("policy", &part));
        assert_eq!(p, [f[4], f[1]]);
        assert_eq!(g.output("value", &full), g.output("value", &part));
    }

    /// Rows of `width` features like observations: mostly 0/1 flags, some counts, a few
    /// negative or fractional values; every `dense_every`-th row mostly non-zero.
    fn observation_like(rows: usize, width: usize, seed: u64) -> Vec<f32> {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut x = vec![0.0; rows * width];
        for (r, row) in x.chunks_exact_mut(width).enumerate() {
            let density = if r % 5 == 4 { 60 } else { 16 };
            for v in row.iter_mut() {
                let roll = next() % 100;
                if roll < density {
                    *v = match next() % 4 {
                        0 => (next() % 9) as f32,
                        1 => -((next() % 1000) as f32) / 300.0,
                        _ => 1.0,
                    };
                }
            }
        }
        x
    }

    #[test]
    fn the_fast_arithmetic_gives_the_reference_values_to_the_last_bit() {
        // Layer widths around the multiples of 8 the partial sums use, a per-feature scale
        // in front as the training exports it, and rows on both sides of the sparse rule.
        for (obs, hidden, actions) in [(545, 128, 40), (37, 19, 9), (64, 8, 3), (9, 5, 2)] {
            let file = mlp_file(obs, hidden, actions, 2, &[]);
            let g = Graph::from_bytes(&file).unwrap();
            let rows = 50;
            let x = observation_like(rows, obs, obs as u64);
            let (mut fast, mut reference) = (Scratch::default(), Scratch::default());
            g.run(&x, rows, &mut fast);
            g.run_reference(&x, rows, &mut reference);
            for name in ["policy", "value"] {
                let (a, b) = (g.output(name, &fast), g.output(name, &reference));
                assert_eq!(a.len(), b.len());
                for (k, (a, b)) in a.iter().zip(b).enumerate() {
                    assert_eq!(a.to_bits(), b.to_bits(), "{obs}: {name}[{k}]: {a} {b}");
                }
            }
        }
    }
    #[test]
    fn corrupt_and_unsupported_files_are_errors_not_panics() {
        let file = mlp_file(5, 4, 3, 2, &[]);
        // Every truncation and a sweep of flipped bytes: an error or a graph, never a panic.
        for cut in 0..file.len() {
            let _ = Graph::from_bytes(&file[..cut]);
        }
        for i in 0..file.len() {
            let mut bad = file.clone();
            bad[i] ^= 0xa5;
            let _ = Graph::from_bytes(&bad);
        }
        let e = Graph::from_bytes(b"not a model at all").unwrap_err();
        assert!(!e.0.is_empty());
        assert!(Graph::from_bytes(&[]).unwrap_err().0.contains("no graph"));
        let conv = Message::default()
            .bytes(1, &node("Conv", &["observation", "w"], "y", &[]))
            .bytes(5, &tensor("w", &[1, 1], &[1.0]))
            .bytes(11, &value_info("observation", 1))
            .bytes(12, &value_info("y", 1));
        let file = Message::default().bytes(7, &conv.0).0;
        let e = Graph::from_bytes(&file).unwrap_err().0;
        assert!(e.contains("operator Conv is not supported"), "{e}");
        // A weight that is not finite: the runtime, which skips zero features, refuses it.
        for bad in [f32::INFINITY, f32::NAN] {
            let gemm = Message::default()
                .bytes(1, &node("Gemm", &["observation", "w", "b"], "y", &[]))
                .bytes(5, &tensor("w", &[2, 1], &[0.5, bad]))
                .bytes(5, &tensor("b", &[1], &[0.0]))
                .bytes(11, &value_info("observation", 2))
                .bytes(12, &value_info("y", 1));
            let file = Message::default().bytes(7, &gemm.0).0;
            let e = Graph::from_bytes(&file).unwrap_err().0;
            assert!(e.contains("Gemm `y` has a weight or bias of"), "{e}");
        }
    }
}
