//! Every answer the test client receives is checked against the server's own OpenAPI document
//! (`GET /api/openapi.json`): its status must be listed for the route and method, its
//! content type must be the documented one, and a JSON body must match the documented schema.
//! Object schemas are closed here (`additionalProperties: false` where the document leaves it
//! open), so an undocumented field fails too.

use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The document as the first server of this test binary served it, closed.
static DOC: OnceLock<Value> = OnceLock::new();
type Validators = HashMap<(String, String, u16), Arc<jsonschema::Validator>>;
static VALIDATORS: OnceLock<Mutex<Validators>> = OnceLock::new();

/// Fetches the document from `base` once per test binary.
pub async fn document(http: &reqwest::Client, base: &str) -> &'static Value {
    if let Some(d) = DOC.get() {
        return d;
    }
    let res = http
        .get(format!("{base}/api/openapi.json"))
        .send()
        .await
        .expect("GET /api/openapi.json");
    assert_eq!(res.status().as_u16(), 200, "GET /api/openapi.json");
    let mut doc: Value = res.json().await.expect("the document is JSON");
    assert_eq!(doc["openapi"], "3.1.0");
    close(&mut doc["components"]["schemas"]);
    let _ = DOC.set(doc);
    DOC.get().unwrap()
}

/// Sets `additionalProperties: false` on every object schema with properties that leaves it open.
pub fn close(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if map.contains_key("properties") && !map.contains_key("additionalProperties") {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            for (_, child) in map.iter_mut() {
                close(child);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(close),
        _ => {}
    }
}

/// The document's path template that `path` (without query) falls under, preferring literal
/// segments.
fn template<'a>(doc: &'a Value, path: &str) -> Option<&'a str> {
    let segs: Vec<&str> = path.split('/').collect();
    doc["paths"]
        .as_object()?
        .keys()
        .filter_map(|t| {
            let tsegs: Vec<&str> = t.split('/').collect();
            if tsegs.len() != segs.len() {
                return None;
            }
            let mut literal = 0;
            for (a, b) in tsegs.iter().zip(&segs) {
                if a.starts_with('{') && a.ends_with('}') && !b.is_empty() {
                    continue;
                }
                if a != b {
                    return None;
                }
                literal += 1;
            }
            Some((literal, t.as_str()))
        })
        .max()
        .map(|(_, t)| t)
}

/// A validator of `schema` with the document's components beside it (for `$ref`s).
pub fn validator(doc: &Value, schema: &Value) -> jsonschema::Validator {
    let mut root = Map::new();
    root.insert(
        "$schema".into(),
        json!("https://json-schema.org/draft/2020-12/schema"),
    );
    root.insert("components".into(), doc["components"].clone());
    root.insert("allOf".into(), json!([schema]));
    jsonschema::draft202012::new(&Value::Object(root)).expect("the document's schema compiles")
}

/// Checks one answer; panics with what is wrong. Routes and methods the document does not
/// describe (the web pages, the router's own 404/405 answers) are not checked.
pub fn check(
    doc: &Value,
    method: &str,
    path: &str,
    status: u16,
    content_type: Option<&str>,
    text: &str,
) {
    let path = path.split('?').next().unwrap_or(path);
    let Some(t) = template(doc, path) else {
        return;
    };
    let method = method.to_ascii_lowercase();
    let Some(op) = doc["paths"][t].get(&method) else {
        return;
    };
    let Some(answer) = op["responses"].get(status.to_string()) else {
        panic!(
            "{method} {path} answered {status}, which the document does not list for {t}: {text}"
        );
    };
    let Some(content) = answer.get("content").and_then(Value::as_object) else {
        assert!(
            text.is_empty(),
            "{method} {t} {status}: a body where the document has none"
        );
        return;
    };
    let media = content_type
        .and_then(|c| c.split(';').next())
        .map(str::trim)
        .unwrap_or("");
    let Some(described) = content.get(media) else {
        panic!(
            "{method} {t} {status}: content type {media:?}, the document says {:?}",
            content.keys()
        );
    };
    if media != "application/json" {
        return;
    }
    let body: Value = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{method} {t} {status}: not JSON ({e}): {text}"));
    let key = (t.to_string(), method.clone(), status);
    let v = {
        let mut cache = VALIDATORS.get_or_init(Default::default).lock().unwrap();
        cache
            .entry(key)
            .or_insert_with(|| Arc::new(validator(doc, &described["schema"])))
            .clone()
    };
    let errors: Vec<String> = v
        .iter_errors(&body)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{method} {path} {status} does not match the OpenAPI document: {errors:?}\nbody: {text}"
    );
}

/// Checks a WebSocket message against the document's `State` (what the route's description
/// promises each message is). The document must have been fetched by an earlier request.
pub fn check_ws_message(text: &str) {
    let doc = DOC
        .get()
        .expect("the document is fetched by the first request");
    let body: Value = serde_json::from_str(text).expect("a WebSocket message is JSON");
    let v = validator(doc, &json!({"$ref": "#/components/schemas/State"}));
    let errors: Vec<String> = v.iter_errors(&body).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "WebSocket message: {errors:?}\n{text}");
}
