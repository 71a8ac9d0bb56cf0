"""The rulebooks: the books, a book's contents, one section, and a rule looked up by question."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import rulebook_selectors
from api.errors import Malformed
from api.limits import SEARCH_QUESTION_CHARS, SEARCH_RESULTS
from api.serializers import ErrorOutput, SearchOutput, SectionOutput
from api.view_requests import int_param


class RulebooksView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"books": rulebook_selectors.books_json()})


class SectionsView(APIView):
    @extend_schema(
        operation_id="rulebooks_sections_list",
        responses={200: dict, 404: OpenApiResponse(ErrorOutput)},
    )
    def get(self, request: Request, book: str) -> Response:
        return Response(rulebook_selectors.contents_json(book=book))


class SectionView(APIView):
    @extend_schema(responses={200: SectionOutput, 404: OpenApiResponse(ErrorOutput)})
    def get(self, request: Request, book: str, ref: str) -> Response:
        section = rulebook_selectors.section_find(book=book, ref=ref)
        return Response(rulebook_selectors.section_json(section))


class RulesSearchView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="a question in plain words, or a label"),
            OpenApiParameter("book", str, required=False),
            OpenApiParameter(
                "limit", int, required=False, description=f"results (1 to {SEARCH_RESULTS}; 10)"
            ),
        ],
        responses={200: SearchOutput, 400: OpenApiResponse(ErrorOutput)},
    )
    def get(self, request: Request) -> Response:
        question = rulebook_selectors.search_question(request.query_params.get("q", ""))
        if not question or len(question) > SEARCH_QUESTION_CHARS:
            raise Malformed(f"Ask with ?q=… (1 to {SEARCH_QUESTION_CHARS} characters).")
        book = request.query_params.get("book") or None
        if book is not None:
            rulebook_selectors.book_get(book=book)
        limit = int_param(
            request,
            "limit",
            1,
            SEARCH_RESULTS,
            f"'limit' is a number of results from 1 to {SEARCH_RESULTS}.",
        )
        answer = rulebook_selectors.rules_answer(question=question, book=book, limit=limit or 10)
        return Response(
            {
                "q": question,
                "did_you_mean": answer.did_you_mean,
                "results": [rulebook_selectors.hit_json(h) for h in answer.hits],
            }
        )
