//! The saved studies document: any text reads without panic, as JSON and
//! as a document; the studies read write back to a document that reads as
//! the same studies, and the JSON read writes back to the same JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili_studies::json::Json;
use qili_studies::model::{read_doc, write_doc};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    if let Ok(json) = Json::parse(text) {
        let mut written = String::new();
        json.write(&mut written);
        assert_eq!(Json::parse(&written).as_ref(), Ok(&json), "{written}");
    }
    if let Ok(loaded) = read_doc(text) {
        let written = write_doc(&loaded.studies);
        let again = read_doc(&written).expect("a written document reads");
        assert!(again.bad.is_empty(), "{written}");
        assert_eq!(again.studies, loaded.studies, "{written}");
    }
});
