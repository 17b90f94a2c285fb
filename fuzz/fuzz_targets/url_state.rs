//! The site's address (everything after `#`): any text parses to a page;
//! the page writes back to an address that parses to the same page; and an
//! analysis board restored from a link writes a link that restores the same
//! board without error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili_site::model::analysis::Analysis;
use qili_site::route::Route;

fuzz_target!(|data: &[u8]| {
    let Ok(hash) = core::str::from_utf8(data) else {
        return;
    };
    let route = Route::parse(hash);
    let written = route.to_hash();
    assert_eq!(Route::parse(&written), route, "{hash:?} -> {written:?}");
    if let Route::Analysis(params) = route {
        let (board, _) = Analysis::from_params(&params);
        let link = Route::Analysis(board.params()).to_hash();
        let Route::Analysis(again) = Route::parse(&link) else {
            panic!("{link:?} is not an analysis link");
        };
        let (restored, errors) = Analysis::from_params(&again);
        assert!(errors.is_empty(), "{link:?}: {errors:?}");
        assert_eq!(restored.params(), board.params(), "{hash:?} -> {link:?}");
    }
});
