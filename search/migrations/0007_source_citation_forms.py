"""Sources record how their citations are written; existing sources get theirs from their rows."""

from django.db import migrations, models


def fill_citation_forms(apps: object, schema_editor: object) -> None:
    from search.ingest.coverage import citation_forms

    source_model = apps.get_model("search", "Source")  # type: ignore[attr-defined]
    section_model = apps.get_model("search", "Section")  # type: ignore[attr-defined]
    rows = section_model.objects.order_by("source", "ordinal").values_list(
        "source", "citation", "section"
    )
    for code, forms in citation_forms(rows.iterator(chunk_size=5000)).items():
        source_model.objects.filter(code=code).update(citation_forms=forms)


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0006_updated_at_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="source",
            name="citation_forms",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(fill_citation_forms, migrations.RunPython.noop),
    ]
