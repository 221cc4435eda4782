(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-209c.js"]={"βₜ":"abSb///a/i/b/`//vcS","βₜi":"ab/"};
