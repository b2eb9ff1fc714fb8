import type { CustomField } from '../../domain/custom-fields/custom-field';
import {
  DEFAULT_LABELS,
  FORM_HONEYPOT,
  FORM_SHOWN_AT,
  type FormContactField,
  type LeadForm,
} from '../../domain/forms/lead-form';

export type FormLanguage = 'pt' | 'en';
/** The contacts' custom fields, by key: a form's `customFields.<key>` inputs are drawn as their type asks. */
export type FormCustomFields = ReadonlyMap<string, CustomField>;
const NONE: FormCustomFields = new Map();

const TEXT = {
  pt: {
    send: 'Enviar',
    thanks: 'Obrigado! Recebemos seus dados.',
    failed: 'Não foi possível enviar. Verifique os campos e tente de novo.',
    leave: 'Deixe este campo vazio',
    back: 'Voltar',
  },
  en: {
    send: 'Send',
    thanks: 'Thank you! We got your details.',
    failed: 'Could not send it. Check the fields and try again.',
    leave: 'Leave this field empty',
    back: 'Back',
  },
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const INPUT_TYPES: Partial<Record<FormContactField | CustomField['type'], string>> = {
  email: 'email',
  phone: 'tel',
  number: 'number',
  currency: 'number',
  date: 'date',
  url: 'url',
};

const customKey = (field: string) => (field.startsWith('customFields.') ? field.slice('customFields.'.length) : null);

/** A field's label in a language: the form's own, else the contact field's name or the custom field's label. */
export function labelOf(
  field: LeadForm['fields'][number],
  lang: FormLanguage,
  custom: FormCustomFields = NONE,
): string {
  if (field.label) return field.label[lang];
  const own = DEFAULT_LABELS[field.field as FormContactField];
  if (own) return own[lang];
  const key = customKey(field.field) ?? field.field;
  return custom.get(key)?.label[lang] ?? key;
}

/** One field's control: a contact field's input, or what its custom field's type asks (a select, boxes, a date...). */
function control(
  id: string,
  name: string,
  required: string,
  type: string,
  definition: CustomField | undefined,
  lang: FormLanguage,
) {
  const options = (definition?.options ?? []).filter((o) => !o.retired);
  switch (definition?.type) {
    case 'select':
      return `<select id="${id}" name="${name}"${required}><option value=""></option>${options
        .map((o) => `<option value="${escapeHtml(o.key)}">${escapeHtml(o.label[lang])}</option>`)
        .join('')}</select>`;
    case 'multiSelect':
      return options
        .map(
          (o, i) =>
            `<label><input type="checkbox" id="${i ? `${id}-${i}` : id}" name="${name}" value="${escapeHtml(o.key)}"> ${escapeHtml(o.label[lang])}</label>`,
        )
        .join(' ');
    case 'checkbox':
      return `<input id="${id}" name="${name}" type="checkbox" value="true"${required}>`;
    case 'longText':
      return `<textarea id="${id}" name="${name}" rows="4"${required}></textarea>`;
    default:
      return type === 'textarea'
        ? `<textarea id="${id}" name="${name}" rows="4"${required}></textarea>`
        : `<input id="${id}" name="${name}" type="${type}"${type === 'number' ? ' step="any"' : ''}${required}>`;
  }
}

/** The form's inputs, a hidden honeypot and the consent box: what the hosted page and the plain snippet share. */
export function formInputs(form: LeadForm, lang: FormLanguage, custom: FormCustomFields = NONE): string {
  const inputs = form.fields.map((field, index) => {
    const id = `funil-${form.slug}-${index}`;
    const key = customKey(field.field);
    const definition = key === null ? undefined : custom.get(key);
    const type =
      field.field === 'notes'
        ? 'textarea'
        : (INPUT_TYPES[(definition?.type ?? field.field) as FormContactField] ?? 'text');
    const required = field.required ? ' required' : '';
    const label = `${escapeHtml(labelOf(field, lang, custom))}${field.required ? ' *' : ''}`;
    const input = control(id, escapeHtml(field.field), required, type, definition, lang);
    return definition?.type === 'multiSelect'
      ? `<fieldset><legend>${label}</legend>${input}</fieldset>`
      : `<p><label for="${id}">${label}</label><br>${input}</p>`;
  });
  const honeypot = `<p style="position:absolute;left:-10000px" aria-hidden="true"><label>${TEXT[lang].leave}<input name="${FORM_HONEYPOT}" tabindex="-1" autocomplete="off"></label></p>`;
  const consent = form.consentText
    ? `<p><label><input type="checkbox" name="consent" value="true"> ${escapeHtml(form.consentText)}</label></p>`
    : '';
  return [...inputs, honeypot, consent].join('\n');
}

/** The plain HTML form a site without scripts pastes: it posts to Funil, which answers with a page or a redirect. */
export function plainSnippet(
  form: LeadForm,
  action: string,
  custom: FormCustomFields = NONE,
  lang: FormLanguage = 'pt',
): string {
  return `<form method="post" action="${escapeHtml(action)}" accept-charset="utf-8">\n${formInputs(form, lang, custom)}\n<p><button type="submit">${TEXT[lang].send}</button></p>\n</form>`;
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
input:not([type=checkbox]),textarea{width:100%;padding:.5rem;border:1px solid #9ca3af;border-radius:.375rem;font:inherit;box-sizing:border-box}
button{padding:.5rem 1rem;border:0;border-radius:.375rem;background:#2563eb;color:#fff;font:inherit;cursor:pointer}`;

function page(title: string, body: string, lang: FormLanguage): string {
  return `<!doctype html>\n<html lang="${lang === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

/** The hosted page of a form: the same inputs, and when it was shown (the minimum fill time counts from it). */
export function formPage(
  form: LeadForm,
  action: string,
  lang: FormLanguage,
  shownAt: number,
  custom: FormCustomFields = NONE,
): string {
  const inputs = `${formInputs(form, lang, custom)}\n<input type="hidden" name="${FORM_SHOWN_AT}" value="${shownAt}">`;
  return page(
    form.name,
    `<h1>${escapeHtml(form.name)}</h1><form method="post" action="${escapeHtml(action)}" accept-charset="utf-8">${inputs}<p><button type="submit">${TEXT[lang].send}</button></p></form>`,
    lang,
  );
}

/** What a plain form's post gets back: the thank-you message, or what was wrong with a link back. */
export function resultPage(form: LeadForm, lang: FormLanguage, error?: string): string {
  const body = error
    ? `<h1>${escapeHtml(form.name)}</h1><p role="alert">${TEXT[lang].failed}</p><p>${escapeHtml(error)}</p><p><a href="javascript:history.back()">${TEXT[lang].back}</a></p>`
    : `<h1>${escapeHtml(form.name)}</h1><p role="status">${escapeHtml(form.thankYou ?? TEXT[lang].thanks)}</p>`;
  return page(form.name, body, lang);
}

/**
 * The script a site embeds (`<script src=".../f/<slug>/embed.js" async></script>`): draws the form where the script
 * stands (or into `[data-funil-form="<slug>"]`), in the page's language, and sends it as JSON with when it was shown.
 */
export function embedScript(form: LeadForm, action: string, custom: FormCustomFields = NONE): string {
  const definition = {
    action,
    slug: form.slug,
    markup: { pt: formInputs(form, 'pt', custom), en: formInputs(form, 'en', custom) },
    text: TEXT,
    thankYou: form.thankYou,
    redirectUrl: form.redirectUrl,
    shownAt: FORM_SHOWN_AT,
  };
  return `(function(){"use strict";
var d=${JSON.stringify(definition).replace(/</g, '\\u003c')};
var me=document.currentScript;
var lang=(document.documentElement.lang||"pt").toLowerCase().indexOf("en")===0?"en":"pt";
var host=document.querySelector('[data-funil-form="'+d.slug+'"]');
var form=document.createElement("form");
form.className="funil-form";form.noValidate=false;
form.innerHTML=d.markup[lang]+'<p class="funil-status" role="status" aria-live="polite"></p><p><button type="submit">'+d.text[lang].send+"</button></p>";
var shown=Date.now();
if(host){host.appendChild(form)}else if(me&&me.parentNode){me.parentNode.insertBefore(form,me.nextSibling)}
form.addEventListener("submit",function(e){
e.preventDefault();
var status=form.querySelector(".funil-status");var body={};
var data=new FormData(form);data.forEach(function(v,k){if(v==="")return;body[k]=k in body?[].concat(body[k],v):v});
body.consent=data.get("consent")==="true";body[d.shownAt]=shown;
var button=form.querySelector("button");button.disabled=true;
fetch(d.action,{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(body)})
.then(function(r){return r.json().then(function(j){return{ok:r.ok,body:j}})})
.then(function(r){
button.disabled=false;
if(!r.ok){var detail=r.body&&r.body.error&&r.body.error.message;status.textContent=d.text[lang].failed+(detail?" ("+detail+")":"");return}
if(d.redirectUrl){window.location.href=d.redirectUrl;return}
form.innerHTML="";var done=document.createElement("p");done.setAttribute("role","status");
done.textContent=d.thankYou||d.text[lang].thanks;form.appendChild(done);
})
.catch(function(){button.disabled=false;status.textContent=d.text[lang].failed});
});
})();
`;
}
