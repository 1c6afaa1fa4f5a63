//! The lessons over HTTP: listed, opened and answered without a room, a seat or a socket.

use crate::common::{http, start};
use serde_json::json;

#[tokio::test]
async fn a_lesson_is_opened_and_answered_without_a_room() {
    let addr = start(&[]).await;
    let (status, list) = http(addr, "GET", "/api/lessons", None).await;
    assert_eq!(status, 200);
    let names: Vec<_> = list["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["rule_set"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "mehen-san-martin",
            "mehen-pharaohs",
            "mehen-kendall-skiryuk",
            "senet",
            "men-asymmetric",
            "men-symmetric"
        ]
    );

    let (status, lesson) = http(addr, "GET", "/api/lessons/senet", None).await;
    assert_eq!(status, 200);
    let first = &lesson["steps"][0];
    assert_eq!(first["board"]["seats"][0]["side"], "Cones");
    assert_eq!(first["throw"], 3);
    assert_eq!(first["board"]["you"], 0);
    assert_eq!(first["board"]["awaiting"]["kind"], "action");
    assert_eq!(first["board"]["events"][0]["score"], 3);
    assert!(!first["board"]["legal"].as_array().unwrap().is_empty());

    let right = json!({"action": {"type": "move", "piece": 4}});
    let (status, judged) = http(addr, "POST", "/api/lessons/senet/0", Some(right)).await;
    assert_eq!(status, 200);
    assert_eq!(judged["right"], true);
    assert_eq!(judged["board"]["game"]["pieces"]["4"]["square"], 13);

    let wrong = json!({"action": {"type": "move", "piece": 3}});
    let (_, judged) = http(addr, "POST", "/api/lessons/senet/0", Some(wrong)).await;
    assert_eq!(judged["right"], false);
    assert!(judged["says"].as_str().unwrap().contains("square 10"));
    assert_eq!(judged["board"], json!(null));

    let (_, lesson) = http(addr, "GET", "/api/lessons/mehen-san-martin", None).await;
    let first = &lesson["steps"][0];
    assert_eq!(first["guess"], 2);
    assert_eq!(first["board"]["awaiting"]["kind"], "conceal");
    let hide = json!({"action": {"type": "conceal", "number": 4}});
    let path = "/api/lessons/mehen-san-martin/0";
    let (status, judged) = http(addr, "POST", path, Some(hide)).await;
    assert_eq!(status, 200);
    assert_eq!(judged["right"], true);
    assert_eq!(judged["board"]["events"][2]["number"], 4);
}

#[tokio::test]
async fn an_unknown_lesson_or_a_bad_body_is_refused() {
    let addr = start(&[]).await;
    for path in ["/api/lessons/chess", "/api/lessons/hounds-and-jackals"] {
        let (status, error) = http(addr, "GET", path, None).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(error["code"], "no_such_lesson");
    }
    let body = Some(json!({"action": {"type": "enter"}}));
    let (status, _) = http(addr, "POST", "/api/lessons/senet/99", body).await;
    assert_eq!(status, 404);
    let (status, error) = http(
        addr,
        "POST",
        "/api/lessons/senet/0",
        Some(json!({"nope": 1})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(error["code"], "bad_request");
}
