//! The rules text parser: never panics; what it accepts prints back to a text that parses to
//! the same rules.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tengen_core::Rules;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(rules) = text.parse::<Rules>() {
            let printed = rules.to_string();
            let again: Rules = printed.parse().expect("printed rules parse");
            assert_eq!(again, rules);
            assert_eq!(again.to_string(), printed);
        } else {
            let err = text.parse::<Rules>().unwrap_err();
            assert!(!err.to_string().is_empty());
        }
    }
});
