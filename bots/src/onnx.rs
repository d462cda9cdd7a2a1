//! A small ONNX reader and runtime for the networks learned players use: feed-forward graphs
//! over one feature vector per row (`Gemm`, `MatMul`, `Add`, `Sub`, `Mul`, `Relu`,
//! `LeakyRelu`, `Tanh`, `Sigmoid`, `Softmax`, `LogSoftmax`, `Identity`, `Flatten`, and
//! `Transpose` and `Constant` of constants), as `torch.onnx.export` writes them for a multi-layer perceptron.
//!
//! Why not a general runtime: the bots evaluate one small network per search iteration, so
//! the cost of a call matters more than breadth, and a general runtime's build weighs more
//! than the whole engine. The file is read with a protobuf decoder of its own (the few ONNX
//! messages needed, by field number) and compiled into a flat plan: dense layers with weights
//! laid out row by row so each output is one contiguous dot product. Anything else is refused
//! with an error naming the operator or the fault; nothing here panics on a bad file.

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
                            let mut c = c.data.clone();
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
        self.run_selected(input, rows, scratch, None);
    }

    /// [`Graph::run`] on one row, computing of output `name` only the values at `indices`
    /// when a dense layer writes that output directly (the others are left at 0): a search
    /// needs the logits of the legal actions only, a few of the action space. Otherwise the
    /// whole output is computed.
    pub fn run_one_selected(
        &self,
        input: &[f32],
        scratch: &mut Scratch,
        name: &str,
        indices: &[u32],
    ) {
        let slot = self.output_slot(name);
        let direct = self
            .steps
            .iter()
            .any(|s| matches!(s, Step::Dense { out, .. } if Some(*out) == slot))
            && indices
                .iter()
                .all(|&i| slot.is_some_and(|s| (i as usize) < self.widths[s]));
        let selected = slot.filter(|_| direct).map(|s| (s, indices));
        self.run_selected(input, 1, scratch, selected);
    }

    fn run_selected(
        &self,
        input: &[f32],
        rows: usize,
        scratch: &mut Scratch,
        selected: Option<(usize, &[u32])>,
    ) {
        debug_assert_eq!(input.len(), rows * self.input_width);
        let slots = &mut scratch.slots;
        if slots.len() < self.widths.len() {
            slots.resize(self.widths.len(), Vec::new());
        }
        slots[self.input_slot].clear();
        slots[self.input_slot].extend_from_slice(input);
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
                    layer.run(src, rows, dst, indices);
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
                    let width = self.widths[*out];
                    for row in dst.chunks_exact_mut(width) {
                        for (i, v) in row.iter_mut().enumerate() {
                            let k = if c.len() == 1 { c[0] } else { c[i] };
                            *v = match (multiply, subtract_from) {
                                (true, _) => *v * k,
                                (false, true) => k - *v,
                                (false, false) => *v + k,
                            };
                        }
                    }
                }
                Step::Binary { a, b, out, op } => {
                    let mut result = std::mem::take(&mut slots[*out]);
                    result.clear();
                    result.extend(slots[*a].iter().zip(&slots[*b]).map(|(x, y)| match op {
                        '+' => x + y,
                        '-' => x - y,
                        _ => x * y,
                    }));
                    slots[*out] = result;
                }
                Step::Activate { x, out, f } => {
                    let (src, dst) = two(slots, *x, *out);
                    dst.clear();
                    dst.extend(src.iter().map(|&v| match f {
                        Activation::Relu => v.max(0.0),
                        Activation::LeakyRelu(a) => {
                            if v >= 0.0 {
                                v
                            } else {
                                a * v
                            }
                        }
                        Activation::Tanh => v.tanh(),
                        Activation::Sigmoid => 1.0 / (1.0 + (-v).exp()),
                    }));
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
    /// `indices` when given (the others are 0). Compiled for AVX2 with fused multiply-adds
    /// where the processor has them (twice the width of the SSE2 every x86-64 processor has,
    /// which is all a portable build may assume).
    fn run(&self, src: &[f32], rows: usize, dst: &mut Vec<f32>, indices: Option<&[u32]>) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the processor has the features the function is compiled for.
            return unsafe { self.run_avx2(src, rows, dst, indices) };
        }
        self.run_portable(src, rows, dst, indices);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn run_avx2(&self, src: &[f32], rows: usize, dst: &mut Vec<f32>, indices: Option<&[u32]>) {
        self.run_portable(src, rows, dst, indices);
    }

    #[inline(always)]
    fn run_portable(&self, src: &[f32], rows: usize, dst: &mut Vec<f32>, indices: Option<&[u32]>) {
        let (inputs, w, b) = (self.inputs, self.w, self.b);
        dst.clear();
        if let Some(indices) = indices {
            dst.resize(b.len(), 0.0);
            for &i in indices {
                let i = i as usize;
                dst[i] = b[i] + dot(src, &w[i * inputs..(i + 1) * inputs]);
            }
            return;
        }
        for row in src.chunks_exact(inputs).take(rows) {
            let non_zero = row.iter().filter(|&&v| v != 0.0).count();
            if non_zero * 4 < inputs {
                // Mostly 0/1 flags: add only the weight columns of the non-zero features.
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
            for (weights, bias) in w.chunks_exact(inputs).zip(b) {
                dst.push(bias + dot(row, weights));
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
        g.run_one_selected(&x, &mut part, "policy", &[1, 4]);
        let (f, p) = (g.output("policy", &full), g.output("policy", &part));
        assert_eq!((f[1], f[4]), (p[1], p[4]));
        assert_eq!((p[0], p[5]), (0.0, 0.0));
        assert_eq!(g.output("value", &full), g.output("value", &part));
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
    }
}
