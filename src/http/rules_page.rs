//! The rules of a rule set (`docs/rules/{rule-set}.md`) as the HTML the rules page shows,
//! rendered once at start-up with pulldown-cmark.
//!
//! The page has its own `h1`, so every heading goes one level down, and each gets an id
//! made of its words (`## How to win` → `how-to-win`) so a section can be linked:
//! `/#rules/{rule-set}/how-to-win`. A link within the page (`#how-to-win`) is written that
//! way; a link to the web stays; a link to a file of the repository (which the server does
//! not serve) keeps its words only. A table sits in a box of its own that scrolls sideways
//! when it is wider than the screen, so the page never does. HTML written in the Markdown is
//! shown as text.

use std::collections::HashSet;

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The box around a table: a region that can take the focus, so a keyboard can scroll it.
const TABLE_BOX: &str = r#"<div class="table-wrap" tabindex="0" role="region" aria-label="Table">"#;

/// The rules page's HTML for `markdown`, the rules of `rule_set`.
pub fn to_html(markdown: &str, rule_set: &str) -> String {
    let events: Vec<Event> = Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    )
    .collect();
    let mut ids = HashSet::new();
    let mut page = Vec::with_capacity(events.len());
    let mut in_dropped_link = false;
    for (at, event) in events.iter().enumerate() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                let id = unique_id(&mut ids, &events[at + 1..]);
                page.push(Event::Start(Tag::Heading {
                    level: one_down(*level),
                    id: Some(id.into()),
                    classes: Vec::new(),
                    attrs: Vec::new(),
                }));
            }
            Event::End(TagEnd::Heading(level)) => {
                page.push(Event::End(TagEnd::Heading(one_down(*level))))
            }
            Event::Start(Tag::Table(_)) => {
                page.extend([Event::Html(TABLE_BOX.into()), event.clone()])
            }
            Event::End(TagEnd::Table) => page.extend([event.clone(), Event::Html("</div>".into())]),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match address(dest_url, rule_set) {
                Some(dest_url) => page.push(Event::Start(Tag::Link {
                    link_type: *link_type,
                    dest_url,
                    title: title.clone(),
                    id: id.clone(),
                })),
                None => in_dropped_link = true,
            },
            Event::End(TagEnd::Link) if in_dropped_link => in_dropped_link = false,
            Event::Html(text) | Event::InlineHtml(text) => page.push(Event::Text(text.clone())),
            _ => page.push(event.clone()),
        }
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, page.into_iter());
    html
}

/// `h1` becomes `h2`, and so on; `h6` stays.
fn one_down(level: HeadingLevel) -> HeadingLevel {
    HeadingLevel::try_from(level as usize + 1).unwrap_or(HeadingLevel::H6)
}

/// The id of the heading whose content starts `rest`: its words in lower case joined by
/// `-`, with `-2`, `-3`… when an earlier heading had the same words.
fn unique_id(taken: &mut HashSet<String>, rest: &[Event]) -> String {
    let mut words = String::new();
    for event in rest {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(text) | Event::Code(text) => words.push_str(text),
            _ => {}
        }
    }
    let slug = words
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-");
    let slug = if slug.is_empty() {
        "section".to_owned()
    } else {
        slug
    };
    let mut id = slug.clone();
    for n in 2.. {
        if !taken.contains(&id) {
            break;
        }
        id = format!("{slug}-{n}");
    }
    taken.insert(id.clone());
    id
}

/// Where a link of the rules goes on the server, or `None` when it names a file of the
/// repository that the server does not serve.
fn address<'a>(dest: &CowStr<'a>, rule_set: &str) -> Option<CowStr<'a>> {
    if let Some(section) = dest.strip_prefix('#') {
        return Some(format!("/#rules/{rule_set}/{section}").into());
    }
    let web = ["https://", "http://", "mailto:"];
    web.iter()
        .any(|scheme| dest.starts_with(scheme))
        .then(|| dest.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_go_one_level_down_with_ids_of_their_words() {
        let html = to_html(
            "# Senet, as *Hesy* plays it\n\n## A turn\n\n## A turn\n\n###### `x`",
            "senet",
        );
        assert!(
            html.contains(
                r#"<h2 id="senet-as-hesy-plays-it">Senet, as <em>Hesy</em> plays it</h2>"#
            ),
            "{html}"
        );
        assert!(html.contains(r#"<h3 id="a-turn">A turn</h3>"#), "{html}");
        assert!(html.contains(r#"<h3 id="a-turn-2">A turn</h3>"#), "{html}");
        assert!(html.contains(r#"<h6 id="x"><code>x</code></h6>"#), "{html}");
    }

    #[test]
    fn a_table_scrolls_in_its_own_box() {
        let html = to_html("| Question | Decision |\n|---|---|\n| a | b |\n", "senet");
        let (before, after) = html.split_once("<table>").expect("a table");
        assert!(before.ends_with(TABLE_BOX), "{html}");
        assert!(after.ends_with("</table>\n</div>"), "{html}");
        assert!(html.contains("<th>Question</th>"), "{html}");
    }

    #[test]
    fn links_go_where_the_server_can_follow() {
        let html = to_html(
            "[the turn](#a-turn), [a paper](https://example.org/p), [the seed](../../seeds/senet.md)",
            "senet",
        );
        assert!(
            html.contains(r##"<a href="/#rules/senet/a-turn">the turn</a>"##),
            "{html}"
        );
        assert!(
            html.contains(r#"<a href="https://example.org/p">a paper</a>"#),
            "{html}"
        );
        assert!(html.contains(", the seed</p>"), "{html}");
    }

    #[test]
    fn html_in_the_markdown_is_shown_as_text() {
        let html = to_html("<script>alert(1)</script>\n\nA <b>bold</b> claim", "senet");
        assert!(
            !html.contains("<script>") && !html.contains("<b>"),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;bold&lt;/b&gt;"), "{html}");
    }
}
