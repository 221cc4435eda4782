(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-61.js"]={"hado":"ega;","half":"wc+7/","hall":"}oa;","hand":"}oa/","hard":"}oa/","hasselt":"ega;","hat":"jq'''","have":"ewa/"};
